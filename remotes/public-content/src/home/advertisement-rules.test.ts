import {
  FLOATING_AD_START_INSET_PX,
  FLOATING_AD_STEP_PX,
  floatStartPosition,
  markTextAdShown,
  nextFloatPosition,
  shouldShowTextAd,
} from './advertisement-rules';

const box = { width: 100, height: 50 };
const viewport = { width: 300, height: 200 };

test('the floating advertisement moves one step along both axes', () => {
  expect(nextFloatPosition({ x: 10, y: 20, dx: 1, dy: 1 }, box, viewport)).toEqual({
    x: 10 + FLOATING_AD_STEP_PX,
    y: 20 + FLOATING_AD_STEP_PX,
    dx: 1,
    dy: 1,
  });
  expect(nextFloatPosition({ x: 10, y: 20, dx: -1, dy: 1 }, box, viewport)).toEqual({
    x: 10 - FLOATING_AD_STEP_PX,
    y: 21,
    dx: -1,
    dy: 1,
  });
});

test('it bounces off the right and bottom edges and stays inside', () => {
  const next = nextFloatPosition({ x: 199.5, y: 149.5, dx: 1, dy: 1 }, box, viewport);
  expect(next).toEqual({ x: 200, y: 150, dx: -1, dy: -1 });
});

test('it bounces off the left and top edges', () => {
  expect(nextFloatPosition({ x: 0.5, y: 0.5, dx: -1, dy: -1 }, box, viewport)).toEqual({ x: 0, y: 0, dx: 1, dy: 1 });
});

test('a viewport smaller than the advertisement keeps it at the corner', () => {
  expect(nextFloatPosition({ x: 0, y: 0, dx: 1, dy: 1 }, box, { width: 50, height: 20 })).toEqual({
    x: 0,
    y: 0,
    dx: -1,
    dy: -1,
  });
});

test('the text advertisement is due until it has been shown in this session', () => {
  const storage = new Map<string, string>();
  const fake = {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
  };
  expect(shouldShowTextAd(fake)).toBe(true);
  markTextAdShown(fake);
  expect(shouldShowTextAd(fake)).toBe(false);
});

test('it starts inside the top-right corner of the slideshow, away from the headlines on the left', () => {
  const start = floatStartPosition(
    { top: 130, right: 1240 },
    { width: 160, height: 146 },
    { width: 1280, height: 720 },
  );
  expect(start).toEqual({
    x: 1240 - 160 - FLOATING_AD_START_INSET_PX,
    y: 130 + FLOATING_AD_START_INSET_PX,
    dx: 1,
    dy: 1,
  });
});

test('without the slideshow, or in a small viewport, it starts inside the viewport', () => {
  expect(floatStartPosition(null, box, viewport)).toEqual({ x: 200, y: FLOATING_AD_START_INSET_PX, dx: 1, dy: 1 });
  expect(floatStartPosition({ top: 500, right: 900 }, box, viewport)).toEqual({ x: 200, y: 150, dx: 1, dy: 1 });
});
