import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** catalogue.courses read and locked by SQL (the entity's own reads and writes go through TypeORM's repository). */
@Injectable()
export class CoursesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Locks the course's row for the caller's transaction; false when there is no such course. */
  async lock(manager: EntityManager, courseId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT id FROM catalogue.courses WHERE id = $1 FOR UPDATE`, [courseId]);
    return rows.length > 0;
  }

  /** How many courses the educator has, published or not (drafts left out). */
  async countByEducator(educatorId: string): Promise<number> {
    const [row] = await this.dataSource.query<{ count: string }[]>('SELECT COUNT(*) AS count FROM catalogue.courses WHERE educator_id = $1 AND NOT is_draft', [educatorId]);
    return Number(row?.count ?? 0);
  }
}
