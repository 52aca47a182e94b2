import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMetricsRegistry } from '../../src/metrics/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { parsePrometheusText } from './prometheus-text.js';

const read = (path: string) => readFileSync(new URL(`../../deploy/${path}`, import.meta.url), 'utf8');

interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
}
const rules = (parse(read('prometheus/alerts.yml')) as { groups: { name: string; rules: AlertRule[] }[] }).groups.flatMap(
  (group) => group.rules,
);
const dashboard = JSON.parse(read('grafana/dashboard.json')) as { panels: { title: string; targets: { expr: string }[] }[] };

/** Metric names an expression reads (ours all start with wa_agenda_). */
const namesIn = (expr: string) => [...expr.matchAll(/\bwa_agenda_[a-z0-9_]+\b/g)].map((match) => match[0]);

describe('alert rules and dashboard', () => {
  let exported: Set<string>;
  beforeAll(async () => {
    const database: TestDatabase = await testDatabase();
    // What /metrics really prints on a real database: every family's # TYPE line (a labelled
    // counter has no sample before its first event), histograms read as _bucket/_sum/_count.
    const text = await createMetricsRegistry(database.db, silentLogger).metrics();
    exported = new Set(parsePrometheusText(text).map((sample) => sample.name));
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exported.add(name as string);
      if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) exported.add(`${name}${suffix}`);
    }
  });

  it('has the rules the runbook needs: limit share rising, handoff wait, Claude breaker open, outbound failures', () => {
    const byName = new Map(rules.map((rule) => [rule.alert, rule]));
    expect(namesIn(byName.get('WaAgendaLimitExitShareRising')?.expr ?? '')).toContain('wa_agenda_agent_runs_total');
    expect(byName.get('WaAgendaLimitExitShareRising')?.expr).toContain('exit="limit"');
    expect(namesIn(byName.get('WaAgendaHandoffWaitHigh')?.expr ?? '')).toEqual(['wa_agenda_handoff_oldest_pending_seconds']);
    expect(byName.get('WaAgendaClaudeBreakerOpen')?.expr).toContain('wa_agenda_circuit_breaker_open{breaker="anthropic"}');
    expect(namesIn(byName.get('WaAgendaOutboundFailures')?.expr ?? '')).toEqual(['wa_agenda_outbound_failures_total']);
  });

  it('references only metric names /metrics exports, in every rule and every dashboard panel', () => {
    const referenced = [
      ...rules.map((rule) => ({ where: `alert ${rule.alert}`, names: namesIn(rule.expr) })),
      ...dashboard.panels.flatMap((panel) =>
        panel.targets.map((target) => ({ where: `panel "${panel.title}"`, names: namesIn(target.expr) })),
      ),
    ];
    for (const { where, names } of referenced) {
      expect(names.length, `${where} names no wa_agenda_ metric`).toBeGreaterThan(0);
      for (const name of names) expect(exported.has(name), `${where} references ${name}, which /metrics does not export`).toBe(true);
    }
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
  });

  it('a misspelt metric name would be caught', () => {
    expect(namesIn('rate(wa_agenda_agent_run_total[5m])').every((name) => exported.has(name))).toBe(false);
  });
});
