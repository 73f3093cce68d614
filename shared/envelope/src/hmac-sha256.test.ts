import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { hmacSha256, hmacSha256Base64, sha256 } from './hmac-sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

test('SHA-256 of the FIPS 180-4 examples and of every length around the block edges', () => {
  assert.equal(hex(sha256(Buffer.from('abc'))), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(hex(sha256(new Uint8Array())), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  for (let length = 0; length <= 200; length += 1) {
    const bytes = randomBytes(length);
    assert.equal(hex(sha256(bytes)), createHash('sha256').update(bytes).digest('hex'), `length ${length}`);
  }
});

test('HMAC-SHA-256 of RFC 4231 (short key, key longer than a block, long data)', () => {
  assert.equal(
    hex(hmacSha256(Buffer.alloc(20, 0x0b), Buffer.from('Hi There'))),
    'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  );
  assert.equal(
    hex(hmacSha256(Buffer.from('Jefe'), Buffer.from('what do ya want for nothing?'))),
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  );
  assert.equal(
    hex(hmacSha256(Buffer.alloc(131, 0xaa), Buffer.from('Test Using Larger Than Block-Size Key - Hash Key First'))),
    '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
  );
});

test('the signature matches node:crypto for random keys and texts, Chinese and emoji included', () => {
  const alphabet = ['a', 'Z', '0', '\n', '"', '{', '药', '师', '协', '会', '，', '😀', 'é', '\u0000'];
  const text = (length: number) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
  for (let round = 0; round < 300; round += 1) {
    const secret = text(randomInt(0, 90));
    const message = text(randomInt(0, 400));
    assert.equal(
      hmacSha256Base64(secret, message),
      createHmac('sha256', secret).update(message, 'utf8').digest('base64'),
      JSON.stringify({ secret, message }),
    );
  }
});
