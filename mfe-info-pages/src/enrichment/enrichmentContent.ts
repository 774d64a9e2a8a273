// Activities beyond lessons, grouped into the categories of the Enrichment page. The words are in locales/
// (enrichment.*).
import type { TFunction } from 'i18next';
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

export const enrichmentCategories = (t: TFunction<'info'>): readonly EnrichmentCategory[] => [
  {
    key: 'classroom',
    label: t('enrichment.categories.classroom'),
    imagesOnly: true,
    activities: [
      { title: t('enrichment.activities.mathematicsRoom.title'), image: classroomBoard, imageAlt: t('enrichment.activities.mathematicsRoom.imageAlt') },
      { title: t('enrichment.activities.scienceLab.title'), image: classroomLab, imageAlt: t('enrichment.activities.scienceLab.imageAlt') },
      { title: t('enrichment.activities.readingCorner.title'), image: classroomLibrary, imageAlt: t('enrichment.activities.readingCorner.imageAlt') },
    ],
  },
  {
    key: 'water-sports',
    label: t('enrichment.categories.waterSports'),
    imagesOnly: false,
    activities: [
      {
        title: t('enrichment.activities.kayaking.title'),
        description: t('enrichment.activities.kayaking.description'),
        image: waterKayak,
        imageAlt: t('enrichment.activities.kayaking.imageAlt'),
      },
      {
        title: t('enrichment.activities.swimming.title'),
        description: t('enrichment.activities.swimming.description'),
        image: waterSwimming,
        imageAlt: t('enrichment.activities.swimming.imageAlt'),
      },
    ],
  },
  {
    key: 'physical-activities',
    label: t('enrichment.categories.physicalActivities'),
    imagesOnly: false,
    activities: [
      {
        title: t('enrichment.activities.athletics.title'),
        description: t('enrichment.activities.athletics.description'),
        image: physicalTrack,
        imageAlt: t('enrichment.activities.athletics.imageAlt'),
      },
      {
        title: t('enrichment.activities.football.title'),
        description: t('enrichment.activities.football.description'),
        image: physicalFootball,
        imageAlt: t('enrichment.activities.football.imageAlt'),
      },
    ],
  },
  {
    key: 'annual-functions',
    label: t('enrichment.categories.annualFunctions'),
    imagesOnly: false,
    activities: [
      {
        title: t('enrichment.activities.annualDay.title'),
        description: t('enrichment.activities.annualDay.description'),
        image: annualStage,
        imageAlt: t('enrichment.activities.annualDay.imageAlt'),
      },
    ],
  },
  {
    key: 'tours',
    label: t('enrichment.categories.tours'),
    imagesOnly: false,
    activities: [
      {
        title: t('enrichment.activities.fieldTrips.title'),
        description: t('enrichment.activities.fieldTrips.description'),
        image: tourBus,
        imageAlt: t('enrichment.activities.fieldTrips.imageAlt'),
      },
    ],
  },
  {
    key: 'celebrations',
    label: t('enrichment.categories.celebrations'),
    imagesOnly: false,
    activities: [
      {
        title: t('enrichment.activities.festivals.title'),
        description: t('enrichment.activities.festivals.description'),
        image: celebrationLights,
        imageAlt: t('enrichment.activities.festivals.imageAlt'),
      },
    ],
  },
];
