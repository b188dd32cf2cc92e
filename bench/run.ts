// npm run bench [-- ingest|kpis|webhooks|stix|campaigns|ab|scale] — prints the benchmark tables (see README).

import { benchIngest } from './ingest.js';

const which = process.argv[2] ?? 'all';
const known = ['all', 'ingest', 'kpis', 'webhooks', 'stix', 'campaigns', 'ab', 'scale'];
if (!known.includes(which)) {
  console.error(`usage: npm run bench [-- ${known.join('|')}]`);
  process.exit(2);
}
const total = Number(process.env.BENCH_CALLS ?? 1_000_000);

if (which === 'all' || which === 'ingest') await benchIngest(total);
if (which === 'all' || which === 'kpis') {
  const { benchKpis } = await import('./kpis.js');
  await benchKpis(total);
}
if (which === 'all' || which === 'webhooks') {
  const { benchWebhooks } = await import('./webhooks.js');
  await benchWebhooks();
}
if (which === 'all' || which === 'stix') {
  const { benchStixExport } = await import('./stixExport.js');
  await benchStixExport();
}
if (which === 'all' || which === 'campaigns') {
  const { benchCampaigns } = await import('./campaigns.js');
  await benchCampaigns(total);
}
if (which === 'ab') {
  // Not part of 'all': it needs BENCH_BEFORE, a checkout of the commit to compare with.
  const { benchAb } = await import('./ab.js');
  await benchAb(Number(process.env.BENCH_CALLS ?? 300_000));
}
if (which === 'scale') {
  // Not part of 'all': 10M calls take hours on this machine (BENCH_SCALE_CALLS, BENCH_SCALE_STEP).
  const { benchScale } = await import('./scale.js');
  await benchScale();
}
