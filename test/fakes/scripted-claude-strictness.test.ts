import { describe, expect, it } from 'vitest';
import { checkScriptedClaudes, ScriptedClaude, text } from './anthropic.js';

/** One Messages API call, as the SDK posts it. */
const ask = (fake: ScriptedClaude) =>
  fake.handle(
    new Request('https://api.anthropic.com/v1/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'sk-ant-test' },
      body: JSON.stringify({ model: 'claude-sonnet-4-6', max_tokens: 64, messages: [{ role: 'user', content: 'Oi' }] }),
    }),
  );

describe('the scripted Claude is strict (checked after every test by the setup file)', () => {
  it('when a script is followed exactly, then the check finds nothing', async () => {
    const fake = new ScriptedClaude().enqueue(text('Olá!'), text('Tudo bem?'));
    expect((await ask(fake)).status).toBe(200);
    expect((await ask(fake)).status).toBe(200);
    expect(fake.takeProblems()).toEqual([]);
  });

  it('when a step is never asked for, then the check names the leftover, once', async () => {
    const fake = new ScriptedClaude().enqueue(text('Olá!'), text('Nunca pedida'));
    await ask(fake);
    expect(fake.takeProblems()).toEqual([expect.stringContaining('1 scripted step(s) never asked for')]);
    // Judged per test: the leftover is dropped with its report.
    expect(fake.remaining).toBe(0);
    expect(fake.takeProblems()).toEqual([]);
  });

  it('when a request finds no step left, then it is answered 500 and the check names the extra call', async () => {
    const fake = new ScriptedClaude().enqueue(text('Olá!'));
    expect((await ask(fake)).status).toBe(200);
    const extra = await ask(fake);
    expect(extra.status).toBe(500);
    expect(await extra.json()).toMatchObject({ type: 'error', error: { type: 'api_error' } });
    expect(fake.takeProblems()).toEqual([expect.stringContaining('1 request(s) with no step left')]);
  });

  it('when the test says always(step), then any number of calls get it and none is an extra', async () => {
    const fake = new ScriptedClaude().enqueue(text('Primeira')).always(text('Sempre'));
    const answers = [];
    for (let call = 0; call < 3; call++) answers.push((await (await ask(fake)).json()) as { content: { text: string }[] });
    expect(answers.map((answer) => answer.content[0]?.text)).toEqual(['Primeira', 'Sempre', 'Sempre']);
    expect(fake.takeProblems()).toEqual([]);
  });

  it('when the after-each check runs, then it names each script by the line that created it', async () => {
    const fake = new ScriptedClaude().enqueue(text('Nunca pedida'));
    await ask(new ScriptedClaude());
    const problems = checkScriptedClaudes();
    expect(problems).toHaveLength(2);
    for (const problem of problems) expect(problem).toMatch(/^ScriptedClaude created at .*scripted-claude-strictness\.test\.ts:\d+/);
    expect(problems.join('\n')).toContain('never asked for');
    expect(problems.join('\n')).toContain('no step left');
    expect(fake.remaining).toBe(0);
  });

  it.fails('a test that leaves a step unused fails, through the setup file alone', async () => {
    const fake = new ScriptedClaude().enqueue(text('Olá!'), text('Nunca pedida'));
    await ask(fake);
  });

  it.fails('a test that makes an extra call fails, through the setup file alone', async () => {
    const fake = new ScriptedClaude();
    expect((await ask(fake)).status).toBe(500);
  });
});
