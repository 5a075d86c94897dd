/**
 * A strict reader of the Prometheus text exposition format, written from the format's rules (no Prometheus parser
 * is in node_modules): every line a HELP, a TYPE or a sample; names, label names, escapes, values and the order of
 * TYPE before samples checked; no series twice. Returns the samples.
 */
import { expect } from 'vitest';

export function promLines(text: string): Array<{ name: string; labels: Record<string, string>; value: number }> {
  expect(text.endsWith('\n')).toBe(true);
  const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*';
  const VALUE = '(?:[^"\\\\\\n]|\\\\[\\\\"n])*';
  const sample = new RegExp(
    `^(${NAME})(?:\\{((?:${LABEL}="${VALUE}")(?:,${LABEL}="${VALUE}")*)?,?\\})? ([-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?|[-+]?Inf|NaN)$`,
  );
  const typed = new Map<string, string>();
  const helped = new Set<string>();
  const seen = new Set<string>();
  const done = new Set<string>();
  let current = '';
  const out: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  for (const line of text.slice(0, -1).split('\n')) {
    const help = new RegExp(`^# HELP (${NAME}) ((?:[^\\\\\\n]|\\\\[\\\\n])*)$`).exec(line);
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (help) {
      expect(helped.has(help[1]!), `HELP twice for ${help[1]}`).toBe(false);
      helped.add(help[1]!);
      continue;
    }
    if (type) {
      expect(typed.has(type[1]!), `TYPE twice for ${type[1]}`).toBe(false);
      expect(done.has(type[1]!) || seen.has(type[1]!), 'TYPE after its samples').toBe(false);
      typed.set(type[1]!, type[2]!);
      continue;
    }
    const m = sample.exec(line);
    expect(m, `not a sample line: ${JSON.stringify(line)}`).not.toBeNull();
    const name = m![1]!;
    expect(typed.get(name), `a sample of ${name} before its TYPE`).toBeDefined();
    if (name !== current) {
      expect(done.has(name), `samples of ${name} not grouped`).toBe(false);
      if (current) done.add(current);
      current = name;
    }
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m![2] ?? '').matchAll(new RegExp(`(${LABEL})="(${VALUE})"`, 'g'))) {
      expect(k! in labels, `label ${k} twice`).toBe(false);
      labels[k!] = v!.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    const series = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    expect(seen.has(series), `series twice: ${series}`).toBe(false);
    seen.add(series);
    out.push({ name, labels, value: Number(m![3]) });
  }
  return out;
}
