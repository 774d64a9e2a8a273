import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which Janus node a live class runs on, chosen when it starts (docs/live-classes.md, "Several Janus nodes"): its
 * room, its packager and its recording live on that node. `local` on a portal with one Janus.
 */
export class LiveClassJanusNode1790800000000 implements MigrationInterface {
  name = 'LiveClassJanusNode1790800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE catalogue.live_classes ADD COLUMN janus_node text`);
    // Placement counts the classes live on each node.
    await queryRunner.query(`CREATE INDEX live_classes_live_node ON catalogue.live_classes (janus_node) WHERE status = 'live'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX catalogue.live_classes_live_node`);
    await queryRunner.query(`ALTER TABLE catalogue.live_classes DROP COLUMN janus_node`);
  }
}
