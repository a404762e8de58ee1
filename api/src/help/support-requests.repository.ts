import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SupportRequestEntity } from './support-request.entity';

export type NewSupportRequest = Pick<SupportRequestEntity, 'reference' | 'name' | 'email' | 'topic' | 'message'>;

/** The only code that reads or writes `support_requests`. */
@Injectable()
export class SupportRequestsRepository {
  constructor(@InjectRepository(SupportRequestEntity) private readonly requests: Repository<SupportRequestEntity>) {}

  /**
   * Stores the request and runs `deliver` inside the same transaction: when delivery throws, nothing is kept,
   * so every stored request is one support was sent.
   */
  createAndDeliver(request: NewSupportRequest, deliver: (stored: SupportRequestEntity) => Promise<void>): Promise<SupportRequestEntity> {
    return this.requests.manager.transaction(async (tx) => {
      const repository = tx.getRepository(SupportRequestEntity);
      const stored = await repository.save(repository.create(request));
      await deliver(stored);
      return stored;
    });
  }

  findByReference(reference: string): Promise<SupportRequestEntity | null> {
    return this.requests.findOneBy({ reference });
  }
}
