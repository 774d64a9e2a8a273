import { Internal } from '@academy/service-core';
import { BadRequestException, Controller, Get, Param } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** For commerce's educator dashboard: how many courses an educator has (published or not). */
@Controller('internal/educators')
export class InternalEducatorsController {
  constructor(private readonly dataSource: DataSource) {}

  @Internal()
  @Get(':id/summary')
  async summary(@Param('id') educatorId: string): Promise<{ success: true; educatorId: string; courseCount: number }> {
    if (!educatorId || educatorId.length > 200) throw new BadRequestException('educator id is invalid');
    const [row] = await this.dataSource.query<{ count: string }[]>(
      'SELECT COUNT(*) AS count FROM catalogue.courses WHERE educator_id = $1 AND NOT is_draft',
      [educatorId],
    );
    return { success: true, educatorId, courseCount: Number(row?.count ?? 0) };
  }
}
