import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockedReason } from './address-guard.js';
import { checkUrl, guardedLookup } from './safe-fetch.js';

describe('outbound address guard', () => {
  const strict = { allowLoopback: false };
  it('blocks private, loopback, link-local, metadata, CGNAT, multicast and reserved addresses, in every IPv6 form', () => {
    const blocked: Array<[string, RegExp]> = [
      ['10.0.0.1', /private/],
      ['172.16.5.4', /private/],
      ['192.168.1.1', /private/],
      ['127.0.0.1', /loopback/],
      ['127.8.8.8', /loopback/],
      ['169.254.169.254', /link-local/],
      ['100.100.100.200', /carrier-grade NAT/],
      ['0.0.0.0', /unspecified/],
      ['224.0.0.251', /multicast/],
      ['255.255.255.255', /reserved/],
      ['::1', /loopback/],
      ['::', /unspecified/],
      ['fd00:ec2::254', /private/],
      ['fe80::1', /link-local/],
      ['ff02::1', /multicast/],
      ['::ffff:127.0.0.1', /loopback/],
      ['::ffff:7f00:1', /loopback/],
      ['::ffff:a9fe:a9fe', /link-local/],
      ['64:ff9b::10.0.0.1', /private/],
      ['::7f00:1', /loopback/],
      ['::127.0.0.1', /loopback/],
      ['::ffff:0:7f00:1', /loopback/],
      ['0:0:0:0:0:0:0:1', /loopback/],
      ['0000:0000:0000:0000:0000:0000:0000:0001', /loopback/],
      ['::ffff:0:a9fe:a9fe', /link-local/],
      ['::a9fe:a9fe', /link-local/],
      ['64:ff9b::7f00:1', /loopback/],
      ['64:ff9b:1::a9fe:a9fe', /link-local/],
      ['2002:a9fe:a9fe::1', /link-local/],
      ['2002:7f00:1::', /loopback/],
      ['::ffff:10.1.2.3', /private/],
      ['::ffff:0:c0a8:101', /private/],
      ['2001:db8::1', /reserved|documentation/],
      ['2001::1', /Teredo/],
      ['100::1', /discard/],
      ['198.51.100.7', /reserved|documentation/],
      ['not-an-ip', /not an IP address/],
    ];
    for (const [ip, why] of blocked) assert.match(blockedReason(ip, strict) ?? 'allowed', why, ip);
  });

  it('allows public addresses, and loopback only when told', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])
      assert.equal(blockedReason(ip, strict), null, ip);
    assert.equal(blockedReason('127.0.0.1', { allowLoopback: true }), null);
    assert.equal(blockedReason('::1', { allowLoopback: true }), null);
    assert.equal(blockedReason('::7f00:1', { allowLoopback: true }), null, 'an IPv4-compatible loopback is loopback');
    assert.equal(blockedReason('127.0.0.2', { allowLoopback: true }), 'loopback', 'only 127.0.0.1 and ::1 are let through');
    assert.match(blockedReason('::ffff:a9fe:a9fe', { allowLoopback: true })!, /link-local/);
    assert.match(blockedReason('::ffff:0:a00:1', { allowLoopback: true })!, /private/);
    assert.match(blockedReason('10.0.0.1', { allowLoopback: true })!, /private/);
  });

  it('refuses URLs that are not http(s), carry credentials, or name a blocked host', () => {
    assert.throws(() => checkUrl('file:///etc/passwd', false), /only http and https/);
    assert.throws(() => checkUrl('http://user:pw@example.com/v.mp4', false), /credentials/);
    assert.throws(() => checkUrl('http://[::1]:8080/v.mp4', false), /blocked address \(loopback\)/);
    assert.throws(() => checkUrl('http://localhost/v.mp4', false), /loopback/);
    assert.throws(() => checkUrl('http://169.254.169.254/latest/meta-data/', false), /link-local/);
    assert.equal(checkUrl('https://example.com/v.mp4', false).hostname, 'example.com');
  });
});

describe('guarded DNS lookup', () => {
  const lookup = (host: string, allowLoopback: boolean) =>
    new Promise<string>((resolve, reject) =>
      guardedLookup(allowLoopback)(host, {}, (err, addr) => (err ? reject(err) : resolve(addr as string))),
    );

  it('checks the addresses a name resolves to, which is what the socket connects to (DNS rebinding)', async () => {
    await assert.rejects(lookup('localhost', false), /localhost resolves to a blocked address \((127\.0\.0\.1|::1): loopback\)/);
    assert.match(await lookup('localhost', true), /^(127\.0\.0\.1|::1)$/);
  });
});
