import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { hmacSha256, hmacSha256Base64 } from './hmac-sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

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

test('keys and messages of every length around the block edges match node:crypto', () => {
  for (let length = 0; length <= 200; length += 1) {
    const key = randomBytes(length);
    const message = randomBytes(200 - length);
    assert.equal(
      hex(hmacSha256(key, message)),
      createHmac('sha256', key).update(message).digest('hex'),
      `key ${length} bytes, message ${200 - length} bytes`,
    );
  }
});
