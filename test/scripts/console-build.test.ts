import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('the console build', () => {
  // Not --force: another test file may be serving the bundle from dist/console-ui right now.
  it('builds the console into dist/console-ui with the service’s build step and prints its first-screen JavaScript, within 150 kB gzipped', () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
    expect(build.status).toBe(0);
    const printed = /console: first screen JavaScript ([\d.]+) kB gzipped \(budget 150 kB\)/.exec(build.stderr);
    expect(printed).not.toBeNull();
    expect(Number(printed![1])).toBeGreaterThan(1);
    expect(Number(printed![1])).toBeLessThanOrEqual(150);
    const html = readFileSync(path.join(root, 'dist/console-ui/index.html'), 'utf8');
    // No inline script (the CSP forbids it) and nothing loaded from another host.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/(src|href)="https?:/);
    const assets = readdirSync(path.join(root, 'dist/console-ui/assets'));
    for (const asset of assets.filter((file) => /\.(js|css)$/.test(file))) {
      const code = readFileSync(path.join(root, 'dist/console-ui/assets', asset), 'utf8');
      expect(code, asset).not.toMatch(/https?:\/\/(?!www\.w3\.org)[a-z0-9.-]+\.[a-z]{2,}\//i);
    }
  }, 120_000);
});
