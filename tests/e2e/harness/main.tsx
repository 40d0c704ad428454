/**
 * Test harness for tests/e2e/sanitiser.spec.ts (never part of the app build):
 * renders HTML strings through the app's real SafeHtml component
 * (src/ui/safe-html.tsx, DOMPurify) so the test can watch what executes.
 * Built by the test with Vite into a temporary folder and served on 127.0.0.1.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { SafeHtml } from '../../../src/ui/safe-html.tsx';

export interface HarnessItem {
  id: number;
  html: string;
}

declare global {
  interface Window {
    harness: {
      render: (items: HarnessItem[]) => void;
      /** NEGATIVE CONTROL ONLY: the same markup WITHOUT SafeHtml, to prove the detectors work. */
      renderUnsanitised: (items: HarnessItem[]) => void;
    };
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
const root = createRoot(container);

window.harness = {
  render(items) {
    flushSync(() => {
      root.render(
        items.map((item) => (
          <section key={item.id} data-payload={item.id}>
            <SafeHtml html={item.html} />
          </section>
        )),
      );
    });
  },
  renderUnsanitised(items) {
    flushSync(() => root.render(null));
    for (const item of items) {
      const section = document.createElement('section');
      section.dataset.payload = String(item.id);
      section.innerHTML = item.html;
      container.append(section);
    }
  },
};
document.body.dataset.ready = 'true';
