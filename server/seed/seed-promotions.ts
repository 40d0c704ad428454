/**
 * The demo promotions (/m/activity), in English and Simplified Chinese: three
 * categories and ten promotions, dated from the day of seeding, with
 * applications and participations of `player1` so that every status shows:
 * comingSoon, close, join (apply mode and join mode), applying, rejected,
 * claim, claimed, joined and issued. Everything goes through the promotions
 * service, so the claimed and issued bonuses are really paid by the ledger
 * (docs/promotions.md). Seeded when the merchant has no promotion category.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { members } from '../db/schema.ts';
import { promotionCategories } from '../db/schema-promotions.ts';
import {
  type Actor,
  applyForPromotion,
  claimBonus,
  createCategory,
  createPromotion,
  issueBonuses,
  joinPromotion,
  reviewApplication,
} from '../modules/promotions/service.ts';
import { demoAccounts } from './seed-members.ts';

/** A 1 x 1 PNG: the receipt the demo applications carry. */
export const demoReceiptPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const day = (now: Date, offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

/** What player1 has done in each demo promotion (the status it shows). */
export type DemoPromotionState = 'comingSoon' | 'close' | 'joinApply' | 'joinJoin' | 'applying' | 'rejected' | 'claim' | 'claimed' | 'joined' | 'issued';

interface DemoPromotion {
  state: DemoPromotionState;
  en: [string, string];
  cn: [string, string];
  mode: 'apply' | 'join';
  bonus: number;
  start: number;
  end: number | null;
  categories: number[];
}

const p = (text: string) => `<p>${text}</p>`;

export const demoPromotions: DemoPromotion[] = [
  {
    state: 'joinApply',
    en: ['Weekly Reload Bonus ₱88', `${p('Deposit at least ₱500 during the week, then apply with a screenshot of your deposit. Approved applications get ₱88.')}<ul><li>One application per member.</li><li>Wagering 3x before withdrawal.</li></ul>`],
    cn: ['每周充值奖金 ₱88', `${p('每周充值至少 ₱500，然后上传充值截图申请。审核通过即可获得 ₱88。')}<ul><li>每位会员限申请一次。</li><li>提款前需完成 3 倍流水。</li></ul>`],
    mode: 'apply',
    bonus: 88_00,
    start: -10,
    end: 20,
    categories: [0, 2],
  },
  {
    state: 'joinJoin',
    en: ['Slots Tournament', p('Join the tournament with one tap. Every member who joined gets ₱50 when the tournament ends.')],
    cn: ['老虎机锦标赛', p('一键参加锦标赛。比赛结束后，每位参赛会员均可获得 ₱50。')],
    mode: 'join',
    bonus: 50_00,
    start: -3,
    end: 11,
    categories: [0],
  },
  {
    state: 'applying',
    en: ['First Deposit Match', p('Send your first deposit receipt and we match it with a ₱200 bonus after review.')],
    cn: ['首存奖励', p('上传首次充值凭证，审核通过后赠送 ₱200 奖金。')],
    mode: 'apply',
    bonus: 200_00,
    start: -20,
    end: null,
    categories: [1],
  },
  {
    state: 'rejected',
    en: ['Birthday Gift', p('Apply in your birthday month with a photo of your ID and receive ₱188.')],
    cn: ['生日礼金', p('在生日当月上传身份证照片申请，即可获得 ₱188。')],
    mode: 'apply',
    bonus: 188_00,
    start: -60,
    end: null,
    categories: [1],
  },
  {
    state: 'claim',
    en: ['Referral Reward', p('Invite a friend who deposits ₱1,000 and apply: ₱100 for each approved referral.')],
    cn: ['推荐奖励', p('邀请好友充值 ₱1,000 后提交申请：每个审核通过的推荐奖励 ₱100。')],
    mode: 'apply',
    bonus: 100_00,
    start: -15,
    end: 45,
    categories: [1, 2],
  },
  {
    state: 'claimed',
    en: ['Loyalty Cashback', p('Loyal members may apply for a ₱120 cashback once.')],
    cn: ['忠诚返现', p('忠诚会员可申请一次 ₱120 返现。')],
    mode: 'apply',
    bonus: 120_00,
    start: -30,
    end: 30,
    categories: [2],
  },
  {
    state: 'joined',
    en: ['Live Casino Weekend', p('Join and play live casino this weekend: ₱30 for every member who joined, issued on Monday.')],
    cn: ['真人娱乐周末', p('报名并在本周末游玩真人娱乐场：每位报名会员可获 ₱30，周一发放。')],
    mode: 'join',
    bonus: 30_00,
    start: -2,
    end: 5,
    categories: [0],
  },
  {
    state: 'issued',
    en: ['Sports Opening Day', p('Everyone who joined before kick-off received ₱25.')],
    cn: ['体育开幕日', p('开赛前报名的会员均已获得 ₱25。')],
    mode: 'join',
    bonus: 25_00,
    start: -12,
    end: 2,
    categories: [2],
  },
  {
    state: 'comingSoon',
    en: ['New Year Lucky Draw', p('Starts soon: apply with your best new year photo for a ₱288 bonus.')],
    cn: ['新年幸运抽奖', p('即将开始：上传您的新年照片申请 ₱288 奖金。')],
    mode: 'apply',
    bonus: 288_00,
    start: 14,
    end: 44,
    categories: [0],
  },
  {
    state: 'close',
    en: ['Autumn Fishing Festival', p('This promotion has ended. Thank you for taking part.')],
    cn: ['秋季捕鱼节', p('本活动已结束，感谢参与。')],
    mode: 'join',
    bonus: 40_00,
    start: -40,
    end: -5,
    categories: [0],
  },
];

const demoCategories = [
  { EN: 'Casino', CN: '娱乐场' },
  { EN: 'New members', CN: '新会员' },
  { EN: 'Daily', CN: '每日' },
];

/** Seeds the demo promotions when the merchant has no promotion category; returns the promotion id of each state. */
export async function seedPromotionsIfEmpty(db: Database, merchantCode: string, now = new Date()): Promise<Map<DemoPromotionState, number> | null> {
  const [row] = await db.select({ n: count() }).from(promotionCategories).where(eq(promotionCategories.merchantCode, merchantCode));
  if ((row?.n ?? 0) > 0) return null;
  const categoryIds: number[] = [];
  for (const [i, titles] of demoCategories.entries()) {
    categoryIds.push((await createCategory(db, { merchantCode, titles, sequence: i + 1 })).id);
  }
  const [player] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, demoAccounts.player.username)))
    .limit(1);
  const ids = new Map<DemoPromotionState, number>();
  for (const demo of demoPromotions) {
    const promotion = await createPromotion(db, {
      merchantCode,
      titles: { EN: demo.en[0], CN: demo.cn[0] },
      contents: { EN: demo.en[1], CN: demo.cn[1] },
      mode: demo.mode,
      bonusAmount: demo.bonus,
      startDate: day(now, demo.start),
      endDate: demo.end === null ? null : day(now, demo.end),
      categoryIds: demo.categories.flatMap((i) => (categoryIds[i] === undefined ? [] : [categoryIds[i]])),
    });
    ids.set(demo.state, promotion.id);
    if (!player) continue;
    const actor: Actor = { merchantCode, languages: ['EN'], member: player };
    if (demo.mode === 'apply' && ['applying', 'rejected', 'claim', 'claimed'].includes(demo.state)) {
      const applied = await applyForPromotion(
        db,
        actor,
        { promotionId: promotion.id, comment: 'Deposit receipt attached.', images: [{ name: 'receipt.png', type: 'image/png', data: demoReceiptPng }] },
        now,
      );
      const applicationId = applied.applicationId ?? 0;
      if (demo.state === 'rejected') {
        await reviewApplication(db, merchantCode, applicationId, { approve: false, reason: 'The ID photo is not readable. Please apply again next month.' }, now);
      } else if (demo.state !== 'applying') {
        await reviewApplication(db, merchantCode, applicationId, { approve: true }, now);
        if (demo.state === 'claimed') await claimBonus(db, actor, { applicationId }, now);
      }
    }
    if (demo.state === 'joined' || demo.state === 'issued') {
      await joinPromotion(db, actor, { promotionId: promotion.id }, now);
      if (demo.state === 'issued') await issueBonuses(db, merchantCode, promotion.id, now);
    }
  }
  return ids;
}

/** What the seed pays `player1` in bonuses (the claimed and the issued promotion), on top of the opening balance. */
export const demoPromotionBonusesPaid = demoPromotions
  .filter((demo) => demo.state === 'claimed' || demo.state === 'issued')
  .reduce((sum, demo) => sum + demo.bonus, 0);
