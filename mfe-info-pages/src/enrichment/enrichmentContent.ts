// Activities beyond lessons, grouped into the categories of the Enrichment page.
import classroomBoard from '../assets/classroom-board.svg';
import classroomLab from '../assets/classroom-lab.svg';
import classroomLibrary from '../assets/classroom-library.svg';
import waterKayak from '../assets/water-kayak.svg';
import waterSwimming from '../assets/water-swimming.svg';
import physicalTrack from '../assets/physical-track.svg';
import physicalFootball from '../assets/physical-football.svg';
import annualStage from '../assets/annual-stage.svg';
import tourBus from '../assets/tour-bus.svg';
import celebrationLights from '../assets/celebration-lights.svg';

export type EnrichmentCategoryKey =
  | 'classroom'
  | 'water-sports'
  | 'physical-activities'
  | 'annual-functions'
  | 'tours'
  | 'celebrations';

export interface EnrichmentActivity {
  title: string;
  /** Absent for gallery-only categories, whose cards are images alone. */
  description?: string;
  image: string;
  /** Text alternative of the image. */
  imageAlt: string;
}

export interface EnrichmentCategory {
  key: EnrichmentCategoryKey;
  label: string;
  /** Whether the cards show only their image (the classroom gallery). */
  imagesOnly: boolean;
  activities: readonly EnrichmentActivity[];
}

export const enrichmentCategories: readonly EnrichmentCategory[] = [
  {
    key: 'classroom',
    label: 'Classroom',
    imagesOnly: true,
    activities: [
      { title: 'Mathematics room', image: classroomBoard, imageAlt: 'A chalkboard with geometry sketches above two desks' },
      { title: 'Science lab', image: classroomLab, imageAlt: 'Flasks and test tubes of coloured liquid on a lab bench' },
      { title: 'Reading corner', image: classroomLibrary, imageAlt: 'Two shelves full of colourful books' },
    ],
  },
  {
    key: 'water-sports',
    label: 'Water Sports',
    imagesOnly: false,
    activities: [
      {
        title: 'Kayaking on the lake',
        description: 'Weekly sessions teach paddling, balance and reading the water, always with a coach in a safety boat.',
        image: waterKayak,
        imageAlt: 'A student paddling an orange kayak on a sunny lake',
      },
      {
        title: 'Swimming and lifesaving',
        description: 'From first strokes to lifesaving drills, in small groups sorted by confidence rather than age.',
        image: waterSwimming,
        imageAlt: 'A swimmer doing front crawl between lane ropes',
      },
    ],
  },
  {
    key: 'physical-activities',
    label: 'Physical Activities',
    imagesOnly: false,
    activities: [
      {
        title: 'Athletics',
        description: 'Sprints, relays and long jump on the track, ending with our inter-house sports day each winter.',
        image: physicalTrack,
        imageAlt: 'A runner on an oval running track',
      },
      {
        title: 'Football league',
        description: 'Mixed teams play a friendly league on Saturday mornings; everyone gets time on the pitch.',
        image: physicalFootball,
        imageAlt: 'A player about to kick a football towards a goal',
      },
    ],
  },
  {
    key: 'annual-functions',
    label: 'Annual Functions',
    imagesOnly: false,
    activities: [
      {
        title: 'Annual day',
        description: 'Every student takes the stage once a year, in a play, a dance, a debate or behind the lights.',
        image: annualStage,
        imageAlt: 'Two students dancing on a stage between red curtains',
      },
    ],
  },
  {
    key: 'tours',
    label: 'Tours',
    imagesOnly: false,
    activities: [
      {
        title: 'Field trips',
        description: 'Museums, observatories and the hills nearby: lessons we can only teach outside the classroom.',
        image: tourBus,
        imageAlt: 'A yellow bus driving past snow-capped mountains',
      },
    ],
  },
  {
    key: 'celebrations',
    label: 'Celebrations',
    imagesOnly: false,
    activities: [
      {
        title: 'Festivals together',
        description: 'Diwali lamps, Eid treats, Christmas carols and Holi colours: we celebrate them all, together.',
        image: celebrationLights,
        imageAlt: 'Strings of lights and balloons against a night sky',
      },
    ],
  },
];
