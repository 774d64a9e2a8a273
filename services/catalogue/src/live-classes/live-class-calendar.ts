import type { LiveClassDto } from '@academy/contracts';
import { InternalServerErrorException } from '@nestjs/common';
import { createEvent } from 'ics';

/** The class as an iCalendar event (times in UTC, which every calendar shows in its own zone), alarm 15 min before. */
export function liveClassCalendar(liveClass: LiveClassDto): string {
  const { error, value } = createEvent({
    uid: `live-class-${liveClass.id}@academy`,
    title: liveClass.title,
    description: `Live class of ${liveClass.courseTitle} (${liveClass.chapterTitle})`,
    start: Date.parse(liveClass.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: liveClass.durationMinutes },
    status: liveClass.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    productId: 'academy/live-classes',
    alarms: [{ action: 'display', description: `${liveClass.title} starts in 15 minutes`, trigger: { minutes: 15, before: true } }],
  });
  if (error || !value) throw new InternalServerErrorException('The calendar file could not be made');
  return value;
}
