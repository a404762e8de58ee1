// The squad module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { SquadBody, TeamSquadResponse } from './dto/squad.dto';
export { SquadModule } from './squad.module';
export { SquadService } from './squad.service';
