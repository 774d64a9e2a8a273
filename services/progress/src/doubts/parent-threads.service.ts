import {
  EDUCATOR_PARENT_THREADS_MAX,
  NOT_LINKED_MESSAGE,
  PARENT_THREAD_MAX_MESSAGES,
  type ParentMessageEvent,
  type ParentThread,
  type ParentThreadMessage,
} from '@academy/contracts';
import { OutboxWriter, type AuthUser } from '@academy/service-core';
import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { ProgressJob } from '../queue/progress-jobs.js';
import { UsersService } from '../users/users.service.js';
import { DoubtPostLimiter } from './doubt-post.limiter.js';
import { ParentThreadsRepository, type MessageRow, type ThreadRow } from './parent-threads.repository.js';

export const THREAD_NOT_FOUND_MESSAGE = 'This conversation is not available';
export const NOT_ENROLLED_IN_COURSE_MESSAGE = 'Your child is not enrolled in this course';

const toMessage = (row: MessageRow): ParentThreadMessage => ({
  id: row.id,
  from: row.author_role,
  authorName: row.author_name,
  text: row.body,
  sentAt: new Date(row.created_at).toISOString(),
});

/**
 * A parent's conversation with the educator of a course their child takes (one thread per parent, child and course).
 * The parent writes from the child's report, the educator from the doubts inbox; each message tells the other side
 * through the outbox (a notification and an email, made by the worker).
 */
@Injectable()
export class ParentThreadsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly threads: ParentThreadsRepository,
    private readonly catalogue: CatalogueClient,
    private readonly users: UsersService,
    private readonly outbox: OutboxWriter,
    private readonly limiter: DoubtPostLimiter,
  ) {}

  /** The parent's thread about the child's course (empty before the first message); 404 unless linked and enrolled. */
  async forParent(parentId: string, childId: string, courseId: string): Promise<ParentThread> {
    const { childName, parentName } = await this.assertParentMayWrite(parentId, childId, courseId);
    const thread = await this.threads.forParent(parentId, childId, courseId);
    if (!thread) {
      const course = await this.catalogue.course(courseId);
      return { id: null, childId, childName, parentName, courseId, courseTitle: course.courseTitle, messages: [] };
    }
    return (await this.withMessages([thread]))[0]!;
  }

  async postAsParent(parent: AuthUser, childId: string, courseId: string, text: string): Promise<ParentThread> {
    await this.users.upsertFromToken(parent);
    const { childName } = await this.assertParentMayWrite(parent.id, childId, courseId);
    await this.limiter.take('post', parent.id);
    const course = await this.catalogue.course(courseId);
    await this.dataSource.transaction(async (manager) => {
      const thread = await this.threads.openForParent(manager, { parentId: parent.id, childId, courseId, educatorId: course.educatorId, courseTitle: course.courseTitle });
      await this.addMessage(manager, {
        threadId: thread.id,
        authorId: parent.id,
        role: 'parent',
        authorName: parent.name,
        text,
        recipientId: thread.educatorId,
        childId,
        childName,
        courseTitle: course.courseTitle,
      });
    });
    return this.forParent(parent.id, childId, courseId);
  }

  /** The educator's threads (their courses, linked families only), most recently active first. */
  async forEducator(educatorId: string): Promise<ParentThread[]> {
    return this.withMessages(await this.threads.forEducator(educatorId, EDUCATOR_PARENT_THREADS_MAX));
  }

  /** The educator's answer; 404 for a thread of another educator's course or of a family no longer linked. */
  async postAsEducator(educator: AuthUser, threadId: string, text: string): Promise<ParentThread> {
    const thread = await this.threads.ofEducator(threadId, educator.id);
    if (!thread) throw new NotFoundException(THREAD_NOT_FOUND_MESSAGE);
    await this.limiter.take('post', educator.id);
    await this.dataSource.transaction(async (manager) => {
      await this.threads.touch(manager, thread.id);
      await this.addMessage(manager, {
        threadId: thread.id,
        authorId: educator.id,
        role: 'educator',
        authorName: educator.name,
        text,
        recipientId: thread.parent_id,
        childId: thread.child_id,
        childName: thread.child_name,
        courseTitle: thread.course_title,
      });
    });
    return (await this.withMessages([thread]))[0]!;
  }

  private async addMessage(
    manager: EntityManager,
    message: { threadId: string; authorId: string; role: 'parent' | 'educator'; authorName: string; text: string; recipientId: string; childId: string; childName: string; courseTitle: string },
  ): Promise<void> {
    const messageId = await this.threads.insertMessage(manager, message);
    // The other side's notification and email, made by the worker if and only if the message is stored.
    const event: ParentMessageEvent = {
      messageId,
      threadId: message.threadId,
      recipientId: message.recipientId,
      recipientRole: message.role === 'parent' ? 'educator' : 'parent',
      authorName: message.authorName,
      childId: message.childId,
      childName: message.childName,
      courseTitle: message.courseTitle,
    };
    await this.outbox.add(manager, { topic: ProgressJob.ParentMessage, payload: event, key: messageId });
  }

  private async assertParentMayWrite(parentId: string, childId: string, courseId: string): Promise<{ childName: string; parentName: string }> {
    const family = await this.threads.family(parentId, childId, courseId);
    if (!family) throw new NotFoundException(NOT_LINKED_MESSAGE);
    if (!family.enrolled) throw new NotFoundException(NOT_ENROLLED_IN_COURSE_MESSAGE);
    return { childName: family.childName, parentName: family.parentName };
  }

  private async withMessages(threads: ThreadRow[]): Promise<ParentThread[]> {
    if (threads.length === 0) return [];
    const messages = await this.threads.latestMessages(
      threads.map((thread) => thread.id),
      PARENT_THREAD_MAX_MESSAGES,
    );
    return threads.map((thread) => ({
      id: thread.id,
      childId: thread.child_id,
      childName: thread.child_name,
      parentName: thread.parent_name,
      courseId: thread.course_id,
      courseTitle: thread.course_title,
      messages: messages.filter((message) => message.thread_id === thread.id).map(toMessage),
    }));
  }
}
