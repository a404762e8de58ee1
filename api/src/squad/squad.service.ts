import { Injectable } from '@nestjs/common';
import type { SquadDto } from '@touchline/shared';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';

/** A coach's squad, per coach: new analyses of their sessions detect these first names. */
@Injectable()
export class SquadService {
  constructor(private readonly users: UsersRepository) {}

  of(user: UserEntity): SquadDto {
    return { names: user.squad ?? [] };
  }

  /** Replaces the squad; names keep the coach's spelling, in the coach's order. */
  async replace(user: UserEntity, names: string[]): Promise<SquadDto> {
    return this.of(await this.users.updateSquad(user, names));
  }
}
