import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  classifyLoginId,
  idNumberCheckCharacter,
  initialPasswordOf,
  isForgotPasswordLength,
  isLoginId,
  isLoginPhone,
  isMobilePhone,
  isSmsCode,
  isValidIdNumber,
  isValidIdNumber15,
  isValidIdNumber18,
  upgradeIdNumber15,
} from './identity-rules';

describe('ID numbers (GB 11643)', () => {
  test('the check character of the standard example and of the demo learners', () => {
    // GB 11643-1999's worked example.
    assert.equal(idNumberCheckCharacter('11010519491231002'), 'X');
    assert.equal(idNumberCheckCharacter('32010619850312451'), '0');
    assert.equal(idNumberCheckCharacter('31011519880808005'), '8');
    assert.throws(() => idNumberCheckCharacter('1234'));
  });

  test('18 digits: right check character, real birth date; lower-case x accepted', () => {
    for (const id of ['320106198503124510', '11010519491231002X', '11010519491231002x', '310115198808080058']) {
      assert.equal(isValidIdNumber18(id), true, id);
      assert.equal(isValidIdNumber(id), true, id);
    }
    for (const id of [
      '320106198503124511', // wrong check digit
      '11010519491231002Y',
      '32010619850312451', // 17 digits
      '3201061985031245100', // 19
      '320106198513124512', // month 13
      '320106198502304515', // 30 February
      '320106189901014517', // before 1900
      '',
    ]) {
      assert.equal(isValidIdNumber18(id), false, id);
    }
  });

  test('15-digit legacy numbers: a real 19yy date; upgraded to 18 digits with the check character', () => {
    assert.equal(isValidIdNumber15('320106850312451'), true);
    assert.equal(isValidIdNumber15('320106851312451'), false);
    assert.equal(isValidIdNumber15('32010685031245'), false);
    assert.equal(upgradeIdNumber15('320106850312451'), '320106198503124510');
    // Profile and forgot-password forms take the 18-digit form only.
    assert.equal(isValidIdNumber('320106850312451'), false);
  });

  test('the initial password is the last 6 characters, X upper-cased', () => {
    assert.equal(initialPasswordOf('320106198503124510'), '124510');
    assert.equal(initialPasswordOf('11010519491231002x'), '31002X');
  });
});

describe('login ids and phones', () => {
  test('a login id is a phone (1 + 10 digits), an 18- or 15-digit ID number; at most 18 characters', () => {
    assert.deepEqual(classifyLoginId('13812345678'), { kind: 'phone', value: '13812345678' });
    assert.deepEqual(classifyLoginId('12012345678'), { kind: 'phone', value: '12012345678' });
    assert.deepEqual(classifyLoginId('11010519491231002x'), { kind: 'idNumber', value: '11010519491231002X' });
    assert.deepEqual(classifyLoginId('320106850312451'), { kind: 'idNumber', value: '320106198503124510' });
    for (const bad of [
      '',
      '2381234567',
      '1381234567',
      '138123456789',
      '320106198503124511',
      'abc',
      '3201061985031245100',
    ]) {
      assert.equal(isLoginId(bad), false, bad);
    }
  });

  test('code login phones: 1 + 10 digits; forgot-password phones: 1, 3–9, 9 digits', () => {
    assert.equal(isLoginPhone('12000000000'), true);
    assert.equal(isMobilePhone('12000000000'), false);
    assert.equal(isMobilePhone('13900001111'), true);
    assert.equal(isMobilePhone('19912345678'), true);
    for (const bad of ['1390000111', '139000011112', '2390000111a', '+8613900001111']) {
      assert.equal(isLoginPhone(bad), false, bad);
      assert.equal(isMobilePhone(bad), false, bad);
    }
  });

  test('SMS codes are 6 digits; forgotten passwords 6 to 12 characters', () => {
    assert.equal(isSmsCode('012345'), true);
    assert.equal(isSmsCode('12345'), false);
    assert.equal(isSmsCode('12345a'), false);
    assert.equal(isForgotPasswordLength('12345'), false);
    assert.equal(isForgotPasswordLength('123456'), true);
    assert.equal(isForgotPasswordLength('123456789012'), true);
    assert.equal(isForgotPasswordLength('1234567890123'), false);
  });
});
