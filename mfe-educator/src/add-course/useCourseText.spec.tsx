import { formatClassRange, formatDuration, SUBJECTS, BOARDS } from '@academy/contracts';
import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { COURSE_FORM_MESSAGES } from './data/courseFormSchema';
import { useCourseText } from './useCourseText';

describe('useCourseText', () => {
  it('in English says exactly what the contract says (durations, class ranges, subjects, boards)', () => {
    const { result } = renderHook(() => useCourseText());
    for (const minutes of [0, 1, 45, 60, 61, 125, 1440]) expect(result.current.duration(minutes)).toBe(formatDuration(minutes));
    for (const [from, to] of [[8, 8], [11, 12], [7, 12]] as const) expect(result.current.classRange(from, to)).toBe(formatClassRange(from, to));
    for (const subject of SUBJECTS) expect(result.current.subject(subject.slug)).toBe(subject.label);
    for (const board of BOARDS) expect(result.current.board(board.slug)).toBe(board.label);
    expect([0, 1, 2].map(result.current.chapters)).toEqual(['0 chapters', '1 chapter', '2 chapters']);
    expect(result.current.fieldError('Course Title is required')).toBe('Course Title is required');
  });

  it("in Hindi counts with Hindi's plural rule (one covers 0 and 1) and writes hours and minutes in words", async () => {
    const { result, unmount } = renderHook(() => useCourseText());
    await act(() => i18next.changeLanguage('hi'));
    expect([0, 1, 2].map(result.current.chapters)).toEqual(['0 अध्याय', '1 अध्याय', '2 अध्याय']);
    expect([0, 1, 2].map(result.current.lectures)).toEqual(['0 लेक्चर', '1 लेक्चर', '2 लेक्चर']);
    expect(result.current.questions(1200)).toBe('1,200 प्रश्न');
    expect([45, 60, 61, 120, 125].map(result.current.duration)).toEqual(['45 मिनट', '1 घंटा', '1 घंटा 1 मिनट', '2 घंटे', '2 घंटे 5 मिनट']);
    expect([result.current.classRange(8, 8), result.current.classRange(7, 12)]).toEqual(['कक्षा 8', 'कक्षा 7–12']);
    expect([result.current.subject('mathematics'), result.current.board('state')]).toEqual(['गणित', 'राज्य बोर्ड']);
    unmount(); // before the setup switches back to English
  });

  it("in Hindi shows the form's own rules and the contract's, the price rule with its discount too", async () => {
    const { result, unmount } = renderHook(() => useCourseText());
    await act(() => i18next.changeLanguage('hi'));
    expect(result.current.fieldError(COURSE_FORM_MESSAGES.subjectRequired)).toBe('विषय चुनें');
    expect(result.current.fieldError('Course Title is required')).toBe('कोर्स का शीर्षक ज़रूरी है');
    expect(result.current.fieldError('The price after discount must be ₹0 (free) or at least ₹1 (₹0.72 after the 10% discount)')).toBe(
      'छूट के बाद मूल्य ₹0 (निःशुल्क) या कम से कम ₹1 होना चाहिए (10% छूट के बाद ₹0.72)',
    );
    // A message nobody translated yet is shown as it came, never as a key.
    expect(result.current.fieldError('Something new from the server')).toBe('Something new from the server');
    unmount();
  });
});
