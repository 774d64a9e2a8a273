import { ConflictException, Injectable } from '@nestjs/common';
import { EDUCATOR_ROLE, PARENT_ROLE, ROLE_CHOICE_REFUSED_MESSAGE, userRoleOf, type LearnerProfile, type UiLanguage, type UserData } from '@academy/contracts';
import type { AuthUser } from '@academy/service-core';
import { EnrolmentsRepository } from '../enrolments/enrolments.repository.js';
import { UsersRepository } from './users.repository.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly enrolments: EnrolmentsRepository,
  ) {}

  /**
   * Creates the user on first sight, or refreshes the profile from the token (racing first requests both succeed;
   * an empty claim never wipes a stored value).
   */
  async upsertFromToken(authUser: AuthUser): Promise<void> {
    await this.users.upsertFromToken(authUser);
  }

  /** The token's roles plus the role the user chose at sign-up on the portal (recorded here, never in the token). */
  async effectiveRoles(authUser: AuthUser): Promise<string[]> {
    if (authUser.roles.includes(PARENT_ROLE)) return authUser.roles;
    const chosen = await this.users.chosenRole(authUser.id);
    return chosen ? [...authUser.roles, chosen] : authUser.roles;
  }

  /** Whether the user is a parent by the token or by the role chosen at sign-up (asked by commerce, which has only the id). */
  async isParent(userId: string, tokenRoles: readonly string[] = []): Promise<boolean> {
    if (tokenRoles.includes(PARENT_ROLE)) return true;
    return this.users.hasChosenRole(userId, PARENT_ROLE);
  }

  /**
   * Records "I'm a parent" chosen at sign-up. Idempotent; refused (409) for an account that already teaches, learns
   * (an enrolment) or is linked to a parent as a child: a parent account is a new account, never a learner's.
   */
  async chooseRole(authUser: AuthUser, role: typeof PARENT_ROLE): Promise<UserData> {
    await this.upsertFromToken(authUser);
    if (!authUser.roles.includes(role)) {
      if (authUser.roles.includes(EDUCATOR_ROLE)) throw new ConflictException(ROLE_CHOICE_REFUSED_MESSAGE);
      const learns = await this.users.learns(authUser.id);
      const current = await this.users.chosenRole(authUser.id);
      if (learns && current !== role) throw new ConflictException(ROLE_CHOICE_REFUSED_MESSAGE);
      await this.users.setChosenRole(authUser.id, role);
    }
    return this.userData(authUser);
  }

  /** The signed-in user's data, created or refreshed from the token first. */
  async userData(authUser: AuthUser): Promise<UserData> {
    await this.upsertFromToken(authUser);
    const [stored, enrolledCourses] = await Promise.all([this.users.find(authUser.id), this.enrolments.courseIdsByEnrolmentDate(authUser.id)]);
    return {
      _id: authUser.id,
      name: stored?.name ?? authUser.name,
      email: stored?.email ?? authUser.email,
      imageUrl: stored?.imageUrl ?? authUser.imageUrl,
      enrolledCourses,
      publicMetadata: { role: userRoleOf(stored?.chosenRole ? [...authUser.roles, stored.chosenRole] : authUser.roles) },
      schoolClass: stored?.schoolClass ?? null,
      board: stored?.board ?? null,
      classAsked: stored?.classAskedAt != null,
      language: stored?.preferredLanguage ?? null,
    };
  }

  /** The interface language chosen in the switch; choosing the same one again changes nothing. */
  async chooseLanguage(authUser: AuthUser, language: UiLanguage): Promise<UserData> {
    await this.upsertFromToken(authUser);
    await this.users.setPreferredLanguage(authUser.id, language);
    return this.userData(authUser);
  }

  /**
   * The learner's class and board (both null: they skipped), remembered with the time they answered so they are
   * not asked again.
   */
  async saveProfile(authUser: AuthUser, profile: LearnerProfile): Promise<UserData> {
    await this.upsertFromToken(authUser);
    await this.users.setClassAndBoard(authUser.id, profile.schoolClass, profile.board);
    return this.userData(authUser);
  }
}
