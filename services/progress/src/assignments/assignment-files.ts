import {
  ASSIGNMENT_FILE_KINDS,
  ASSIGNMENT_FILE_MAX_BYTES,
  ASSIGNMENT_FILE_TYPES,
  fileKindRefusedMessage,
  type AssignmentFileKind,
} from '@academy/contracts';
import { ObjectTooLargeError } from '@academy/service-core';
import { PayloadTooLargeException, UnsupportedMediaTypeException, type CallHandler, type ExecutionContext } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { fileTypeFromBuffer } from 'file-type';
import type { Observable } from 'rxjs';

const MultipartSubmission = FileInterceptor('file', { limits: { fileSize: ASSIGNMENT_FILE_MAX_BYTES, files: 1, fields: 2, fieldSize: 64 * 1024 } });

/** Reads the one `file` field into memory (multer stops past the limit) and names the limit when it is passed. */
export class SubmissionUpload extends MultipartSubmission {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await super.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new ObjectTooLargeError(ASSIGNMENT_FILE_MAX_BYTES);
      throw error;
    }
  }
}

/** The kind the bytes say the file is (its name and the browser's claim are not trusted); 415 unless accepted. */
export async function acceptedFileKind(bytes: Buffer, accepted: readonly AssignmentFileKind[]): Promise<AssignmentFileKind> {
  const sniffed = await fileTypeFromBuffer(bytes);
  const kind = ASSIGNMENT_FILE_KINDS.find((candidate) => ASSIGNMENT_FILE_TYPES[candidate].mime === sniffed?.mime);
  if (!kind || !accepted.includes(kind)) throw new UnsupportedMediaTypeException(fileKindRefusedMessage(accepted));
  return kind;
}

/** A name safe to show and to offer as the download's name: no folders, no control characters, not too long. */
export function displayFileName(original: string | undefined, kind: AssignmentFileKind): string {
  const printable = [...(original ?? '')].filter((character) => character.charCodeAt(0) > 0x1f && character.charCodeAt(0) !== 0x7f && character !== '"');
  const base = printable.join('').split(/[\\/]/).pop()!.trim().slice(-120);
  return base || `submission.${ASSIGNMENT_FILE_TYPES[kind].extension}`;
}

/** Bucket key (paid/, served only through signed links) and the stored link of a hand-in's file. */
export function submissionFileLocation(courseId: string, assignmentId: string, fileId: string, kind: AssignmentFileKind): { key: string; url: string } {
  const path = `submissions/${courseId}/${assignmentId}/${fileId}.${ASSIGNMENT_FILE_TYPES[kind].extension}`;
  return { key: `paid/${path}`, url: `/api/files/${path}` };
}
