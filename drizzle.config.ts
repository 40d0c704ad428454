import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The core schema and its areas (schema.ts does not re-export them).
  schema: [
    './server/db/schema.ts',
    './server/db/schema-catalogue.ts',
    './server/db/schema-lobby.ts',
    './server/db/schema-wallet.ts',
    './server/db/schema-play.ts',
    './server/db/schema-inbox.ts',
    './server/db/schema-promotions.ts',
    './server/db/schema-notices.ts',
    './server/db/schema-chat.ts',
    './server/db/schema-loyalty.ts',
    './server/db/schema-agent.ts',
    './server/db/schema-contracts.ts',
    './server/db/schema-responsible.ts',
    './server/db/schema-lottery.ts',
    './server/db/schema-feedback.ts',
    './server/db/schema-live.ts',
    './server/db/schema-social.ts',
  ],
  out: './server/db/migrations',
});
