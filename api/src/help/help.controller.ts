import { Body, Controller, Get, HttpCode, type MessageEvent, Post, Query, Sse } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import { ClientAddress, ApiErrors, BODY_ERRORS } from '../common';
import { AssistantService } from './assistant.service';
import { ContactService } from './contact.service';
import {
  AssistantAnswerResponse,
  AssistantQuestionBody,
  ContactRequestBody,
  ContactRequestResponse,
  HelpSearchHitResponse,
  HelpSearchQuery,
} from './dto/help.dto';
import { HelpIndexService } from './help-index.service';

/** The help centre's public endpoints: no sign-in needed, as the help pages are public. */
@ApiTags('help')
@Controller('help')
export class HelpController {
  constructor(
    private readonly contact: ContactService,
    private readonly assistant: AssistantService,
    private readonly index: HelpIndexService,
  ) {}

  @Post('contact')
  @ApiOperation({ summary: "Sends a message to the club's support address and answers with its reference" })
  @ApiCreatedResponse({ type: ContactRequestResponse })
  @ApiErrors(...BODY_ERRORS, 429, 503)
  sendContact(@Body() body: ContactRequestBody, @ClientAddress() address: string) {
    return this.contact.send(body, address);
  }

  @Get('search')
  @ApiOperation({ summary: 'Searches the guides, the FAQ and the coaching rubric' })
  @ApiOkResponse({ type: [HelpSearchHitResponse] })
  @ApiErrors(400)
  search(@Query() query: HelpSearchQuery) {
    return this.index.search(query.q);
  }

  @Post('assistant')
  @HttpCode(200)
  @ApiOperation({ summary: "Answers a question from the help content (written by the club's language model when one is set)" })
  @ApiOkResponse({ type: AssistantAnswerResponse })
  @ApiErrors(...BODY_ERRORS, 429)
  ask(@Body() body: AssistantQuestionBody, @ClientAddress() address: string) {
    return this.assistant.answer(body.question, address);
  }

  @Sse('assistant/stream')
  @ApiOperation({ summary: 'The same answer as server-sent events, streamed as the language model writes it' })
  @ApiOkResponse({
    description: 'Ends after the answer; errors before it opens are JSON',
    content: {
      'text/event-stream': {
        // One server-sent event, as the fields it arrives with; `data` is JSON.
        schema: {
          type: 'object',
          required: ['data'],
          properties: {
            event: { type: 'string', enum: ['sources', 'answer', 'delta', 'fallback', 'done'] },
            id: { type: 'string' },
            data: {
              type: 'string',
              description:
                'JSON. `sources`: { known, sources, mode }; then `answer`: { answer } from search, or `delta`: { text } pieces from the ' +
                'language model and `fallback`: { answer } if it fails or times out; `done`: {} last',
            },
          },
        },
      },
    },
  })
  @ApiErrors(400, 429)
  askStreaming(@Query() query: AssistantQuestionBody, @ClientAddress() address: string): Promise<Observable<MessageEvent>> {
    return this.assistant.stream(query.question, address);
  }
}
