import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AVATAR_MAX_BYTES } from '@yaoshi/contracts/profile-rules';
import { JPEG_BYTES, PNG_BYTES } from '../test-support/image-fixtures';
import { decodeImageData, imageKindOf } from './image-data';

test('JPEG and PNG are told by their magic bytes', () => {
  assert.equal(imageKindOf(JPEG_BYTES), 'jpeg');
  assert.equal(imageKindOf(PNG_BYTES), 'png');
  assert.equal(imageKindOf(Buffer.from('GIF89a')), null);
  assert.equal(imageKindOf(Buffer.alloc(0)), null);
});

test('data URLs and bare base64 of JPEG or PNG are accepted', () => {
  const jpeg = decodeImageData(`data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}`);
  assert.ok(jpeg.ok && jpeg.kind === 'jpeg' && jpeg.bytes.equals(JPEG_BYTES));
  const jpg = decodeImageData(`data:image/jpg;base64,${JPEG_BYTES.toString('base64')}`);
  assert.ok(jpg.ok && jpg.kind === 'jpeg');
  const png = decodeImageData(PNG_BYTES.toString('base64'));
  assert.ok(png.ok && png.kind === 'png');
});

test('anything else is refused: other types, a false declaration, broken base64', () => {
  const refused = (text: string) => {
    const result = decodeImageData(text);
    return result.ok ? 'accepted' : result.reason;
  };
  assert.equal(refused(`data:image/gif;base64,${Buffer.from('GIF89a..').toString('base64')}`), 'not-an-image');
  assert.equal(refused(Buffer.from('GIF89a..').toString('base64')), 'not-an-image');
  assert.equal(refused(`data:image/png;base64,${JPEG_BYTES.toString('base64')}`), 'not-an-image');
  assert.equal(refused('not base64 at all!'), 'not-an-image');
  assert.equal(refused('abc'), 'not-an-image');
  assert.equal(refused(''), 'not-an-image');
});

test('at most 2 MB decoded, checked before decoding', () => {
  const atLimit = Buffer.concat([JPEG_BYTES, Buffer.alloc(AVATAR_MAX_BYTES - JPEG_BYTES.length)]);
  assert.equal(decodeImageData(atLimit.toString('base64')).ok, true);
  const over = Buffer.concat([atLimit, Buffer.alloc(1)]);
  const result = decodeImageData(over.toString('base64'));
  assert.ok(!result.ok && result.reason === 'too-large');
});
