import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssistantService } from './assistant.service';
import { ContactService } from './contact.service';
import { HelpController } from './help.controller';
import { HelpIndexService } from './help-index.service';
import { SupportRequestEntity } from './support-request.entity';
import { SupportRequestsRepository } from './support-requests.repository';

@Module({
  imports: [TypeOrmModule.forFeature([SupportRequestEntity])],
  controllers: [HelpController],
  providers: [ContactService, SupportRequestsRepository, HelpIndexService, AssistantService],
})
export class HelpModule {}
