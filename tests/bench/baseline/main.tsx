/**
 * The BASELINE of `npm run bench:web`: a minimal React page built by the same
 * Vite config as the app (same React plugin, build and resolve options) and
 * served by the same server. The app's figures are read as ratios to it.
 */
import { createRoot } from 'react-dom/client';

function Hello() {
  return (
    <main>
      <h1>Hello</h1>
      <p>A minimal React page, the baseline of the web benchmark.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(<Hello />);
