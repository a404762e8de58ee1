import { Module } from '@nestjs/common';
import { AnalysisModule } from '../analysis';
import { DemoController } from './demo.controller';
import { DemoService } from './demo.service';

@Module({
  imports: [AnalysisModule],
  controllers: [DemoController],
  providers: [DemoService],
})
export class DemoModule {}
