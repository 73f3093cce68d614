import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  NEED_ALL,
  REQUIRED_PROFESSIONAL_TENTHS,
  REQUIRED_PUBLIC_TENTHS,
  SELECTION_MESSAGES,
  checkSelection,
  crossesProfessionalRequirement,
  crossesPublicRequirement,
  formatHours,
  formatYuan,
  parseIdList,
  priceFenOf,
  professionalHoursOf,
  professionalVerdict,
  publicConfirmProblem,
  publicSignupProblem,
  sumHourTenths,
  type RuleCourse,
} from './course-selection-rules';

const course = (id: number, over: Partial<RuleCourse> = {}): RuleCourse => ({
  id,
  name: `课程${id}`,
  year: 2025,
  kind: 'professional',
  delivery: 'web',
  courseType: 2,
  classHourTenths: 60,
  priceFen: 3000,
  ...over,
});

const catalogue = [
  course(1, { courseType: 1 }),
  course(2, { courseType: 1 }),
  course(3),
  course(4),
  course(5, { delivery: 'face_to_face' }),
  course(6, { year: 2024 }),
  course(7, { kind: 'public' }),
];
const context = {
  year: 2025,
  kind: 'professional' as const,
  needAll: NEED_ALL.required,
  catalogue,
  ownedIds: new Set<number>(),
};

test('the spec numbers: 60 professional hours, 30 public hours, one decimal for display', () => {
  assert.equal(REQUIRED_PROFESSIONAL_TENTHS, 600);
  assert.equal(REQUIRED_PUBLIC_TENTHS, 300);
  assert.equal(formatHours(45), '4.5');
  assert.equal(formatHours(600), '60.0');
  assert.equal(formatYuan(30050), '300.50');
});

test('sums are exact in tenths and fen', () => {
  const picked = [
    course(1, { classHourTenths: 45, priceFen: 2250 }),
    course(2, { classHourTenths: 15, priceFen: 750 }),
  ];
  assert.equal(sumHourTenths(picked), 60);
  assert.equal(priceFenOf(picked), 3000);
  assert.equal(priceFenOf([]), 0);
});

test('checkSelection refuses each structural problem with its message', () => {
  assert.deepEqual(checkSelection([], context), { ok: false, message: SELECTION_MESSAGES.nothingSelected });
  assert.deepEqual(checkSelection([1, 2, 3, 3], context), { ok: false, message: SELECTION_MESSAGES.duplicateCourse });
  assert.deepEqual(checkSelection([1, 2, 99], context), { ok: false, message: SELECTION_MESSAGES.unknownCourse });
  assert.deepEqual(
    checkSelection([1, 2, 6], context),
    { ok: false, message: SELECTION_MESSAGES.unknownCourse },
    'another year',
  );
  assert.deepEqual(
    checkSelection([1, 2, 7], context),
    { ok: false, message: SELECTION_MESSAGES.unknownCourse },
    'another kind',
  );
  assert.deepEqual(checkSelection([1, 2, 5], context), { ok: false, message: SELECTION_MESSAGES.faceToFace });
  assert.deepEqual(checkSelection([1, 2, 3], { ...context, ownedIds: new Set([3]) }), {
    ok: false,
    message: SELECTION_MESSAGES.alreadyOwned('课程3'),
  });
  assert.deepEqual(checkSelection([1, 3], context), {
    ok: false,
    message: SELECTION_MESSAGES.compulsoryMissing(['课程2']),
  });
  const fine = checkSelection([1, 2, 3], context);
  assert.ok(fine.ok && fine.courses.map((c) => c.id).join() === '1,2,3');
  // A compulsory course already held need not be chosen again; a make-up year needs none.
  assert.ok(checkSelection([1, 3], { ...context, ownedIds: new Set([2]) }).ok);
  assert.ok(checkSelection([3], { ...context, needAll: NEED_ALL.free }).ok);
});

test('professional hours: shortfall, exact, over; need_all 2 has no requirement', () => {
  const short = professionalHoursOf(NEED_ALL.required, 120, 360);
  assert.deepEqual(short, { requiredTenths: 600, currentTenths: 480, remainTenths: 120 });
  assert.deepEqual(professionalVerdict(NEED_ALL.required, short), {
    kind: 'short',
    message: SELECTION_MESSAGES.professionalShortfall('60.0', '48.0', '12.0'),
  });
  assert.deepEqual(professionalVerdict(NEED_ALL.required, professionalHoursOf(NEED_ALL.required, 0, 600)), {
    kind: 'ok',
  });
  const over = professionalHoursOf(NEED_ALL.required, 0, 630);
  assert.equal(over.remainTenths, -30);
  assert.deepEqual(professionalVerdict(NEED_ALL.required, over), {
    kind: 'over',
    message: SELECTION_MESSAGES.professionalOverHours('63.0', '3.0'),
  });
  const free = professionalHoursOf(NEED_ALL.free, 0, 30);
  assert.equal(free.requiredTenths, 0);
  assert.deepEqual(professionalVerdict(NEED_ALL.free, free), { kind: 'ok' });
});

test('the 60-hour and 30-hour prompts appear when the total crosses the line, not after', () => {
  assert.equal(crossesProfessionalRequirement(NEED_ALL.required, 540, 600), true);
  assert.equal(crossesProfessionalRequirement(NEED_ALL.required, 600, 660), false);
  assert.equal(crossesProfessionalRequirement(NEED_ALL.required, 480, 540), false);
  assert.equal(crossesProfessionalRequirement(NEED_ALL.free, 540, 600), false);
  assert.equal(crossesPublicRequirement(250, 300), true);
  assert.equal(crossesPublicRequirement(300, 350), false);
});

test('public courses: at least 30 hours to sign up, exactly 30 to confirm', () => {
  assert.equal(publicSignupProblem(0, 250), SELECTION_MESSAGES.publicNotEnough('30.0', '25.0'));
  assert.equal(publicSignupProblem(0, 300), null);
  assert.equal(publicSignupProblem(0, 350), null);
  assert.equal(publicSignupProblem(100, 200), null, 'hours already signed up for count');
  assert.equal(publicConfirmProblem(0, 350), SELECTION_MESSAGES.publicNotExact('30.0', '35.0'));
  assert.equal(publicConfirmProblem(0, 300), null);
});

test('id lists: comma-joined positive ids only', () => {
  assert.deepEqual(parseIdList('1,2, 3'), [1, 2, 3]);
  assert.deepEqual(parseIdList(''), []);
  assert.equal(parseIdList('1,,2'), null);
  assert.equal(parseIdList('0'), null);
  assert.equal(parseIdList('1,x'), null);
  assert.equal(parseIdList('99999999999'), null);
});
