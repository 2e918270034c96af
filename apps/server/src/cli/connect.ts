import { parseArgs } from 'node:util';
import type { ConnectionView } from '@storelens/api';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { connectionView } from '../connect';
import { connect, parseConnectInput } from '../connect/service';
import { listConnections, readConnection } from '../connect/tables';
import { ApiError } from '../errors';
import { openStore } from '../store';

const usage = `Usage: npm run connect -- --url https://shop.example --key ck_… --secret cs_… [--replace-demo] [--replace-data]
Connects the WooCommerce shop to the store in DATABASE_URL (default file:./data/storelens.sqlite),
imports it and exits when the import is done, printing progress. Run again without --url to
follow an import that was interrupted. Webhooks are registered when STORELENS_PUBLIC_URL says
where the shop reaches the Storelens server (npm start keeps it in sync from then on).`;

const line = (v: ConnectionView) => {
  const parts = Object.entries(v.progress)
    .filter(([, p]) => p.total > 0 || p.done > 0)
    .map(([name, p]) => `${name} ${p.done}/${p.total}`);
  const eta = v.estimate_seconds !== null ? `, about ${v.estimate_seconds} s left` : '';
  return `[${v.status}] ${parts.join(', ')}${eta}`;
};

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      secret: { type: 'string' },
      'replace-demo': { type: 'boolean' },
      'replace-data': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return void console.log(usage);
  const config = readConfig();
  const db = await openStore(config.databaseUrl);
  const app = await buildApp(db, { ...config, webRoot: '/nonexistent' });
  await app.ready();
  // The app runs the import job (its job runner); the command calls the connection
  // functions the connections routes call.
  const runner = app.jobRunner;
  const stop = async (code: number) => {
    await app.close();
    await db.close();
    process.exit(code);
  };
  try {
    let id: number;
    if (values.url) {
      let connected: Awaited<ReturnType<typeof connect>>;
      try {
        connected = await connect(
          db,
          runner,
          parseConnectInput({
            url: values.url,
            consumer_key: values.key ?? '',
            consumer_secret: values.secret ?? '',
            ...(values['replace-demo'] ? { replace_demo: true } : {}),
            ...(values['replace-data'] ? { replace_data: true } : {}),
          }),
          { publicUrl: () => config.publicUrl },
        );
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        console.error(`Not connected (${error.code}): ${error.message}`);
        if (error.code === 'storelens_connection_demo_present')
          console.error('Add --replace-demo to replace the demo store with your shop.');
        if (error.code === 'storelens_connection_other_shop')
          console.error('Add --replace-data to replace that data with this shop.');
        return stop(1);
      }
      const body = await connectionView(db, (await readConnection(db, connected.id))!);
      id = body.id;
      console.log(
        `Connected to ${body.store.name} (WooCommerce ${body.store.wc_version}, ${body.store.currency}, ${body.store.timezone}).`,
      );
      if (body.read_only)
        console.log('The key is read-only: no webhooks; changes arrive by reconciliation.');
      else if (body.webhooks.length === 0)
        console.log(
          'No webhooks registered (STORELENS_PUBLIC_URL is not set): changes arrive by reconciliation.',
        );
    } else {
      const list = await listConnections(db);
      if (list.length === 0) {
        console.error(usage);
        return stop(1);
      }
      id = list[0]!.id;
    }
    let last = '';
    let lastError = '';
    for (;;) {
      const c = await readConnection(db, id);
      if (!c) {
        console.error('The connection was removed.');
        return stop(1);
      }
      const v = await connectionView(db, c);
      const text = line(v);
      if (text !== last) console.log(text);
      last = text;
      const error = v.errors[0];
      if (error && `${error.time_gmt}${error.message}` !== lastError) {
        lastError = `${error.time_gmt}${error.message}`;
        console.log(`  ${error.time_gmt} ${error.message} (${error.retry})`);
      }
      if (v.status === 'idle' || v.status === 'paused') {
        console.log(v.status === 'idle' ? 'Import done.' : 'The connection is paused.');
        return stop(0);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (error) {
    console.error(error);
    return stop(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
