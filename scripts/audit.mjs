#!/usr/bin/env node
// Fails on a high or critical advisory in the production dependencies that has a fix available
// (`npm audit --omit=dev`). Advisories without a fix are listed, not fatal: nothing can be done
// but wait. When the registry's audit endpoint cannot be reached, says so and passes.
import { spawnSync } from 'node:child_process';

const FATAL = new Set(['high', 'critical']);
// npm's codes for a registry it could not reach or that failed on its side.
const UNREACHABLE =
  /^(E5\d\d|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ECONNABORTED|EPROTO|ERR_SOCKET_TIMEOUT|FETCH_ERROR)$/;

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  timeout: 180_000,
  maxBuffer: 64 * 1024 * 1024,
});

function skip(reason) {
  console.log(`npm audit skipped: the registry's audit endpoint could not be reached (${reason}).`);
  process.exit(0);
}

if (run.error) skip(run.error.code ?? run.error.message);
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  const text = `${run.stdout}\n${run.stderr}`;
  if (/network|fetch|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|socket/i.test(text)) skip(text.trim().split('\n')[0]);
  console.error(`npm audit gave no report:\n${text.trim()}`);
  process.exit(1);
}

// The endpoint answered with an HTTP error (a mirror that does not serve audits answers 404 or 405).
if (typeof report.statusCode === 'number' && !report.vulnerabilities) skip(String(report.message ?? report.statusCode));
if (report.error) {
  const code = String(report.error.code ?? '');
  const summary = String(report.error.summary ?? report.error.message ?? report.message ?? '').split('\n')[0];
  if (UNREACHABLE.test(code) || /network|fetch|socket|timed? ?out/i.test(summary)) skip(`${code} ${summary}`.trim());
  console.error(`npm audit failed: ${code} ${summary}`);
  process.exit(1);
}

const vulnerabilities = Object.values(report.vulnerabilities ?? {});
const fatal = vulnerabilities.filter((v) => FATAL.has(v.severity) && v.fixAvailable);
const waiting = vulnerabilities.filter((v) => FATAL.has(v.severity) && !v.fixAvailable);

const describe = (v) => {
  const titles = (v.via ?? []).filter((via) => typeof via === 'object').map((via) => `${via.title} (${via.url})`);
  const fix = typeof v.fixAvailable === 'object' ? ` — fix: ${v.fixAvailable.name}@${v.fixAvailable.version}` : '';
  return `  ${v.severity} ${v.name} ${v.range ?? ''}${fix}${titles.length ? `\n    ${titles.join('\n    ')}` : ''}`;
};

const counts = report.metadata?.vulnerabilities ?? {};
console.log(
  `npm audit (production dependencies): ${
    Object.entries(counts)
      .filter(([k, n]) => k !== 'total' && n > 0)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ') || 'no advisories'
  }.`,
);
if (waiting.length) {
  console.log(`High or critical advisories with no fix yet (not failing):\n${waiting.map(describe).join('\n')}`);
}
if (fatal.length) {
  console.error(`High or critical advisories with a fix available:\n${fatal.map(describe).join('\n')}`);
  console.error('Update these dependencies (npm audit fix --omit=dev, or a newer version in package.json).');
  process.exit(1);
}
