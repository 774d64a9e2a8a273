// Educators' public profiles (progress keeps them, beside the users): what a learner reads on an educator's page
// and beside a course, and what the educator edits in Settings.
import { z } from 'zod';

export const EDUCATOR_BIO_MAX = 2000;
export const EDUCATOR_QUALIFICATIONS_MAX = 500;

/** PUT /api/educator/profile. Plain text (shown as text, never as HTML). */
export const educatorProfileRequestSchema = z.object({
  displayName: z
    .string({ message: 'Enter the name learners will see' })
    .trim()
    .min(2, 'The display name needs at least 2 characters')
    .max(80, 'The display name may be at most 80 characters'),
  bio: z.string().trim().max(EDUCATOR_BIO_MAX, `The bio may be at most ${EDUCATOR_BIO_MAX} characters`).default(''),
  qualifications: z
    .string()
    .trim()
    .max(EDUCATOR_QUALIFICATIONS_MAX, `Qualifications may be at most ${EDUCATOR_QUALIFICATIONS_MAX} characters`)
    .default(''),
});
export type EducatorProfileRequest = z.input<typeof educatorProfileRequestSchema>;

export interface EducatorProfile {
  /** The educator's public id (their page is /educators/<id>). */
  id: string;
  displayName: string;
  /** The photo uploaded in Settings (a path under /api, versioned), else the account's picture from sign-in; empty when neither. */
  photoUrl: string;
  /** Whether `photoUrl` is a photo uploaded in Settings (it can then be removed there). */
  hasUploadedPhoto?: boolean;
  bio: string;
  qualifications: string;
}

export interface EducatorProfileAnswer {
  success: true;
  profile: EducatorProfile;
}

/** GET /api/educators/:id: null until the educator writes a profile (their page then shows their courses only). */
export interface PublicEducatorProfileAnswer {
  success: true;
  profile: EducatorProfile | null;
}

// ---- The profile photo: PUT /api/educator/profile/photo (multipart `photo`), DELETE the same; public GET /api/educators/:id/photo ----

export const EDUCATOR_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** Judged by the file's bytes (its signature), never by its name or the type the browser claims. */
export const EDUCATOR_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const EDUCATOR_PHOTO_TOO_LARGE_MESSAGE = 'The photo is larger than 2 MB. Choose a smaller one';
export const EDUCATOR_PHOTO_TYPE_MESSAGE = 'The photo must be a PNG, JPEG or WebP picture';
export const EDUCATOR_PHOTO_MISSING_MESSAGE = 'Choose a photo to upload';
export const EDUCATOR_PHOTO_NOT_FOUND_MESSAGE = 'This educator has no photo';

/** The public photo of an educator; `version` changes with each upload so caches never show an old one. */
export const educatorPhotoPath = (educatorId: string, version?: string) =>
  `/educators/${encodeURIComponent(educatorId)}/photo${version ? `?v=${encodeURIComponent(version)}` : ''}`;

/** An educator's public id in a path (24 hex digits; their sign-in subject is never shown). */
export const educatorIdSchema = z.string().regex(/^[0-9a-f]{24}$/, 'educatorId must be an educator id (24 hex digits)');
