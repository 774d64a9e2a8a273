import path from 'node:path';
import { infraDir } from '../paths.js';

/** The deployables and the Dockerfile each is built from (context: the repository root). */
export interface ImageSpec {
  name: string;
  dockerfile: string;
  buildArgs: Record<string, string>;
}

export const servicesWithImages = ['catalogue', 'commerce', 'progress'] as const;

const imagesDir = path.join(infraDir, 'deploy', 'images');

export const images: ImageSpec[] = [
  ...servicesWithImages.map((service) => ({
    name: `academy/${service}`,
    dockerfile: path.join(imagesDir, 'service.Dockerfile'),
    buildArgs: { SERVICE: service },
  })),
  { name: 'academy/edge', dockerfile: path.join(imagesDir, 'edge.Dockerfile'), buildArgs: {} },
];
