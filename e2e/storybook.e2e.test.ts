import { spawn } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations } from './browser';

// `npm test` builds the static Storybook and runs axe-core on every story in the light and the
// dark theme, failing on serious or critical violations (and on stories that fail to render).
// STORYBOOK_PREBUILT=1 skips the build and uses the existing storybook-static folder.

const root = resolve(import.meta.dirname, '..');
const staticDir = join(root, 'packages/components/storybook-static');
const themes = ['light', 'dark'] as const;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** Serves a folder on an ephemeral loopback port; nothing outside it is reachable. */
function serveStatic(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

function buildStorybook(): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn('npm', ['run', 'build-storybook'], { cwd: root, stdio: 'inherit' });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? ok() : fail(new Error(`build-storybook exited with ${code}`)),
    );
  });
}

interface StoryEntry {
  id: string;
  title: string;
  name: string;
  type: string;
}

function readStories(): StoryEntry[] {
  const index = JSON.parse(readFileSync(join(staticDir, 'index.json'), 'utf8')) as {
    entries: Record<string, StoryEntry>;
  };
  return Object.values(index.entries).filter((entry) => entry.type === 'story');
}

/** Opens one story alone and waits until Storybook reports it shown; returns its render error. */
async function openStory(page: Page, base: string, id: string): Promise<string> {
  await page.goto(`${base}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`);
  await page.waitForFunction(
    () =>
      document.body.classList.contains('sb-show-main') ||
      document.body.classList.contains('sb-show-errordisplay') ||
      document.body.classList.contains('sb-show-nopreview'),
    undefined,
    { timeout: 20_000 },
  );
  // Let effects, positioning and fonts settle.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(50);
  return page.evaluate(() =>
    document.body.classList.contains('sb-show-main')
      ? ''
      : (document.querySelector('#error-message')?.textContent ?? 'story did not render'),
  );
}

/** Switches the theme; the app shell paints the page with the theme's colours. */
async function applyTheme(page: Page, theme: (typeof themes)[number]): Promise<void> {
  await page.evaluate((name) => {
    document.documentElement.dataset.theme = name;
    document.body.style.background = 'var(--sl-color-bg)';
    document.body.style.color = 'var(--sl-color-text)';
  }, theme);
}

/** Serious or critical colour-contrast violations only. */
async function contrastViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Checks stories one after another in one page; returns the problems found. */
async function checkStories(browser: Browser, base: string, stories: StoryEntry[]) {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const problems: string[] = [];
  try {
    for (const story of stories) {
      pageErrors.length = 0;
      const label = `${story.title} › ${story.name} (${story.id})`;
      const error = await openStory(page, base, story.id);
      if (error) {
        problems.push(`${label}: render error: ${error.trim().split('\n')[0]}`);
        continue;
      }
      for (const theme of themes) {
        await applyTheme(page, theme);
        // Everything in the light theme; the dark theme only changes colours.
        const found =
          theme === 'light' ? await seriousViolations(page) : await contrastViolations(page);
        for (const v of found) {
          const nodes = v.nodes.slice(0, 3).join(' | ');
          problems.push(`${label} [${theme}]: ${v.id} — ${v.help} — ${nodes}`);
        }
      }
      if (pageErrors.length > 0) problems.push(`${label}: page error: ${pageErrors[0]}`);
    }
  } finally {
    await context.close();
  }
  return problems;
}

describe('Storybook stories', () => {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let base = '';

  beforeAll(async () => {
    if (process.env.STORYBOOK_PREBUILT !== '1') await buildStorybook();
    server = await serveStatic(staticDir);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((ok) => (server ? server.close(ok) : ok(undefined)));
  });

  it('every story renders and passes axe-core (no serious or critical violations)', async () => {
    const stories = readStories();
    expect(stories.length).toBeGreaterThan(0);
    const started = browser;
    if (!started) throw new Error('browser did not start');
    // A few pages in parallel; each story is still checked alone in its own document.
    const count = Math.max(1, Math.min(4, availableParallelism()));
    const lanes = Array.from({ length: count }, (_, lane) =>
      stories.filter((_, i) => i % count === lane),
    );
    const problems = (
      await Promise.all(lanes.map((lane) => checkStories(started, base, lane)))
    ).flat();
    expect(problems, problems.join('\n')).toEqual([]);
  }, 900_000);
});
