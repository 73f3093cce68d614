import {
  readStoredReports,
  reportRequestOf,
  storedReportsKey,
  writeStoredReports,
  type ReportContext,
} from './stored-reports';

const professional: ReportContext = {
  kind: 'professional',
  cid: 7,
  recordId: 42,
  duration: 90,
  startTime: 36,
  trial: false,
};

describe('reports kept across a reload', () => {
  beforeEach(() => sessionStorage.clear());

  test('are written while they wait, read back in order, and removed once sent', () => {
    writeStoredReports(sessionStorage, professional, [
      { position: 46, state: 1 },
      { position: 90, state: 2 },
    ]);
    expect(readStoredReports(sessionStorage, 'professional', 7)?.reports).toEqual([
      { position: 46, state: 1 },
      { position: 90, state: 2 },
    ]);
    expect(readStoredReports(sessionStorage, 'public', 7)).toBeNull();
    writeStoredReports(sessionStorage, professional, []);
    expect(sessionStorage.getItem(storedReportsKey('professional', 7))).toBeNull();
  });

  test('anything unreadable is ignored', () => {
    sessionStorage.setItem(storedReportsKey('professional', 7), '{not json');
    expect(readStoredReports(sessionStorage, 'professional', 7)).toBeNull();
    sessionStorage.setItem(
      storedReportsKey('professional', 7),
      JSON.stringify({ context: professional, reports: [{ position: 'x', state: 1 }] }),
    );
    expect(readStoredReports(sessionStorage, 'professional', 7)).toBeNull();
  });
});

describe('the request of a report', () => {
  test('professional: records with the position capped at the video length', () => {
    expect(reportRequestOf(professional, { position: 91.2, state: 2 })).toEqual({
      kind: 'professional',
      payload: { cid: 7, record_id: 42, pos: 90, vlength: 90, start_time: 36, state: 2, flag: 0 },
    });
  });
  test('public: the position as duration, and pos at the end', () => {
    const context: ReportContext = { ...professional, kind: 'public' };
    expect(reportRequestOf(context, { position: 12, state: 1 }).payload).toEqual({
      record_id: 42,
      duration: 12,
      total_duration: 90,
      state: 1,
    });
    expect(reportRequestOf(context, { position: 90, state: 2 }).payload).toEqual({
      record_id: 42,
      duration: 90,
      total_duration: 90,
      state: 2,
      pos: 90,
    });
  });
});
