import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

describe('PUBLIC_URL', () => {
  it('when unset, then links use http://localhost:$PORT', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('when set, then it is used without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://agenda.example.com/' }).PUBLIC_URL).toBe('https://agenda.example.com');
  });

  it('when it is not an http(s) URL, then the start fails naming it', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'agenda.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://agenda.example.com' })).toThrow(/PUBLIC_URL/);
  });
});
