import { BlockList, isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { hostProblem, normalizeAllowedHost, reportUrlProblem } from './report-url';

describe('reportUrlProblem', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.1/',
    'http://0x7f.1/',
    'http://2130706433/',
    'http://017700000001/',
    'http://0/',
    'http://0.0.0.0:8080/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a00:1]/',
    'http://[fd12:3456::1]/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:c0a8:101::1]/',
  ])('refuses the private address of %s', (url) => {
    expect(reportUrlProblem(url)).toBe('private_address');
  });

  it.each([
    'http://localhost/',
    'http://LOCALHOST./',
    'http://ｌｏｃａｌｈｏｓｔ:3000/',
    'http://grafana.localhost/',
    'http://printer.local/',
    'http://bi.internal/',
    'http://nas.home.arpa/',
    'http://intranet/',
  ])('refuses the local name of %s', (url) => {
    expect(reportUrlProblem(url)).toBe('local_name');
  });

  it.each([
    'https://user:secret@bi.example.com/r',
    'https://user@bi.example.com/r',
    'https://:secret@bi.example.com/r',
  ])('refuses credentials in %s, even on an allowed host', (url) => {
    expect(reportUrlProblem(url, ['bi.example.com'])).toBe('credentials');
  });

  it.each([
    'https://bi.example.com/dashboards/7?x=1',
    'http://8.8.8.8/',
    'http://172.32.0.1/',
    'http://[2001:db8::1]/',
    'http://[2606:4700::1111]/',
    'http://[::ffff:8.8.8.8]/',
    'https://localhost.example.com/',
  ])('accepts the public %s', (url) => {
    expect(reportUrlProblem(url)).toBeNull();
  });

  it('accepts a private host the operator listed, and only that host', () => {
    const allowed = ['127.0.0.1', '[::1]', '*.corp.example', 'intranet'].map(
      normalizeAllowedHost,
    ) as string[];
    expect(reportUrlProblem('http://127.0.0.1:8080/daily', allowed)).toBeNull();
    expect(reportUrlProblem('http://0x7f.0.0.1/', allowed)).toBeNull();
    expect(reportUrlProblem('http://[::1]/', allowed)).toBeNull();
    expect(reportUrlProblem('http://bi.corp.example/', allowed)).toBeNull();
    expect(reportUrlProblem('http://INTRANET./', allowed)).toBeNull();
    expect(reportUrlProblem('http://127.0.0.2/', allowed)).toBe('private_address');
    expect(reportUrlProblem('http://corp.example.evil.internal/', allowed)).toBe('local_name');
  });

  it('normalises the operator’s entries as a browser reads hosts', () => {
    expect(normalizeAllowedHost('::1')).toBe('[::1]');
    expect(normalizeAllowedHost(' BI.Corp. ')).toBe('bi.corp');
    expect(normalizeAllowedHost('2130706433')).toBe('127.0.0.1');
    expect(normalizeAllowedHost('*.Corp.Example')).toBe('*.corp.example');
    for (const bad of ['', 'host:80', 'a/b', 'u@host', '*.[::1]'])
      expect(normalizeAllowedHost(bad), bad).toBeNull();
  });
});

describe('hostProblem agrees with node:net BlockList on literal addresses', () => {
  const blocked = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const) {
    blocked.addSubnet(network, prefix, 'ipv4');
  }
  for (const [network, prefix] of [
    ['::', 127],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ] as const) {
    blocked.addSubnet(network, prefix, 'ipv6');
  }

  // A fixed pseudo-random walk over the address space, so a failure can be replayed.
  let seed = 0x2f6b_1d3;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed;
  };

  it('for IPv4, written the ways a URL may write them', () => {
    for (let i = 0; i < 5000; i++) {
      const value = i < 256 ? (i << 24) >>> 0 : random();
      const dotted = [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
      const host = new URL(`http://${value}/`).hostname;
      expect(host).toBe(dotted);
      const expected = blocked.check(dotted, 'ipv4');
      expect(hostProblem(host) === 'private_address', dotted).toBe(expected);
      // node maps ::ffff:a.b.c.d to its IPv4 address as well.
      const mapped = new URL(`http://[::ffff:${dotted}]/`).hostname;
      expect(hostProblem(mapped) === 'private_address', mapped).toBe(
        blocked.check(`::ffff:${dotted}`, 'ipv6'),
      );
    }
  });

  it('for IPv6 outside the prefixes that embed an IPv4 address', () => {
    for (let i = 0; i < 5000; i++) {
      const groups = Array.from({ length: 8 }, (_, index) =>
        index === 0 ? (i < 512 ? i * 128 : random() & 0xffff) : random() & (i % 3 === 0 ? 0 : 0xffff),
      );
      if (groups[0] === 0 || groups[0] === 0x64 || groups[0] === 0x2002) continue;
      const literal = groups.map((group) => group.toString(16)).join(':');
      expect(isIP(literal)).toBe(6);
      const host = new URL(`http://[${literal}]/`).hostname;
      expect(hostProblem(host) === 'private_address', host).toBe(blocked.check(literal, 'ipv6'));
    }
  });
});
