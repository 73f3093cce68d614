/** @jest-environment jsdom */
import { LOGIN_FOCUS_WAIT_MS, LOGIN_INPUT_ID, focusLoginInput } from './login-focus';

function loginInput(): HTMLInputElement {
  const input = document.createElement('input');
  input.id = LOGIN_INPUT_ID;
  input.scrollIntoView = () => undefined;
  return input;
}

afterEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
});

test('the cursor goes into the login box at once when it is drawn', () => {
  const input = loginInput();
  document.body.append(input);
  focusLoginInput();
  expect(document.activeElement).toBe(input);
});

test('a login box still being drawn gets the cursor as soon as it is', async () => {
  focusLoginInput();
  const input = loginInput();
  document.body.append(input);
  await Promise.resolve();
  expect(document.activeElement).toBe(input);
});

test('one drawn after the wait does not take the cursor from where the visitor has gone since', async () => {
  jest.useFakeTimers();
  focusLoginInput();
  jest.advanceTimersByTime(LOGIN_FOCUS_WAIT_MS);
  const input = loginInput();
  document.body.append(input);
  await Promise.resolve();
  expect(document.activeElement).not.toBe(input);
});
