import { BadRequestException, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** `@Body(new ZodValidationPipe(schema))`: parsed value or 400 naming each bad field. */
export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.infer<Schema>> {
  constructor(private readonly schema: Schema) {}

  transform(value: unknown): z.infer<Schema> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    throw new BadRequestException(`Invalid request: ${result.error.issues.map(describe).join('; ')}`);
  }
}
