// The URL fetch's small parts: the file name an image gets from its address, and the pinned lookup the socket
// connects through (server/images/url-fetch.ts, pinned-agent.ts).
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { pinnedLookup } from '../../../../server/images/pinned-agent';
import { fileNameOf } from '../../../../server/images/url-fetch';

describe('fileNameOf', () => {
  it.each([
    ['https://img.example/shoes/a%20b.png?w=1#top', 'a b.png'],
    ['https://img.example/', 'image'],
    ['https://img.example/shoes/', 'image'],
    ['https://img.example/..%2F..%2Fetc%2Fpasswd', '_.._etc_passwd'],
    ['https://img.example/.htaccess', 'htaccess'],
    ['https://img.example/a%00b.png', 'a_b.png'],
    ['https://img.example/evil%E2%80%AEgnp.exe', 'evil_gnp.exe'],
    ['https://img.example/C:%5Cwin.png', 'C__win.png'],
    ['https://img.example/%E0%A4%A.png', '%E0%A4%A.png'],
    ['https://img.example/%2E%2E', 'image'],
  ])('names %s %j', (url, name) => {
    expect(fileNameOf(new URL(url))).toBe(name);
  });

  it('keeps at most 100 characters, never splitting one', () => {
    const name = fileNameOf(new URL(`https://img.example/${'😀'.repeat(150)}.png`));
    expect(Array.from(name)).toHaveLength(100);
    expect(name).toBe('😀'.repeat(100));
  });
});

type Answer = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family: number | undefined };

function ask(options: Parameters<ReturnType<typeof pinnedLookup>>[1]): Answer {
  let answer: Answer | undefined;
  const lookup = pinnedLookup([{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }]);
  lookup('anything.example', options, (error, address, family) => {
    answer = { error, address, family };
  });
  if (answer === undefined) throw new Error('the lookup did not answer at once');
  return answer;
}

describe('pinnedLookup', () => {
  it('answers every checked address when asked for all (autoSelectFamily), whatever the name', () => {
    expect(ask({ all: true }).address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
  });

  it('answers the first checked address of the family asked for', () => {
    expect(ask({})).toMatchObject({ error: null, address: '93.184.216.34', family: 4 });
    expect(ask({ family: 6 })).toMatchObject({ error: null, address: '2606:2800:220:1::1', family: 6 });
    expect(ask({ family: 'IPv4', all: true }).address).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('fails rather than ask DNS when no checked address has the family asked for', () => {
    const only4 = pinnedLookup([{ address: '93.184.216.34', family: 4 }]);
    let code: string | undefined;
    only4('anything.example', { family: 6 }, (error) => {
      code = error?.code;
    });
    expect(code).toBe('ENOTFOUND');
  });
});
