/**
 * The messages and the closed port the "before" shots (before.ts) need: markdown, actions of every kind, priorities 4
 * and 5, tags, an attachment, and enough rows in one topic for the keyboard shot to scroll.
 */
import { createServer, type AddressInfo } from 'node:net';
import type { OldPublishOptions, OldTestServer } from './old-tree.ts';

/** A port on 127.0.0.1 that nothing listens on (bound, then closed): where the http action's POST fails. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    server.close((error) => {
      if (error === undefined) resolve();
      else reject(error);
    });
  });
  return port;
}

/**
 * What the shots need, published before the app subscribes (the old app fetches the cache on its first connect).
 * Times are explicit (Unix seconds) so the list order is the same on every run: samples newest, builds far below.
 */
export async function publishSamples(ntfy: OldTestServer, deadPort: number): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  for (let build = 1; build <= 120; build += 1) {
    await ntfy.publish('builds', {
      title: `Build #${build}`,
      message: 'All 412 tests passed',
      time: now - 7200 + build,
    });
  }
  const samples: readonly [string, OldPublishOptions][] = [
    ['alerts', { title: 'Disk almost full', message: '/var is at 93%', priority: 4, tags: ['warning', 'db-1'] }],
    ['alerts', { message: 'Backup finished in 4 min', tags: ['white_check_mark'] }],
    [
      'deploys',
      {
        title: 'Deployed **v1.4.2**',
        message: '# Release\n**Rolled out** to _production_ — [release notes](https://example.com/releases/1.4.2)',
        markdown: true,
        click: 'https://example.com/deploys/42',
      },
    ],
    ['alerts', { title: 'Nightly report', message: 'Attached', attach: `${ntfy.url}/file/report.pdf` }],
    [
      'deploys',
      { title: 'Rollback requested', message: 'Error rate 12 % after v1.4.2', priority: 5, tags: ['rotating_light'] },
    ],
    [
      'alerts',
      {
        title: 'Service down',
        message: 'api.service failed on db-1',
        priority: 5,
        tags: ['warning'],
        actions: [
          { action: 'view', label: 'Open dashboard', url: 'https://example.com/dashboard' },
          { action: 'http', label: 'Restart service', url: `http://127.0.0.1:${deadPort}/restart`, method: 'POST' },
          { action: 'view', label: 'Open log', url: 'file:///var/log/syslog' },
        ],
      },
    ],
  ];
  let minutesAgo = samples.length;
  for (const [topic, options] of samples) {
    await ntfy.publish(topic, { ...options, time: now - minutesAgo * 60 });
    minutesAgo -= 1;
  }
}
