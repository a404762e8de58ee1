import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { InteractionService } from './interaction.service';

type Form = Record<string, unknown>;
/** A form field as text; a repeated or missing field counts as empty. */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The embedded provider's HTML pages (forms post urlencoded bodies, parsed for these routes only). */
@ApiExcludeController()
@Controller('idp/interaction/:uid')
export class InteractionController {
  constructor(private readonly interactions: InteractionService) {}

  @Get()
  show(@Req() req: Request, @Res() res: Response, @Query('screen') screen?: string) {
    return this.interactions.show(req, res, screen);
  }

  @Post('login')
  login(@Req() req: Request, @Res() res: Response, @Body() form: Form) {
    return this.interactions.login(req, res, { email: text(form.email), password: text(form.password) });
  }

  @Post('register')
  register(@Req() req: Request, @Res() res: Response, @Body() form: Form) {
    return this.interactions.register(req, res, { email: text(form.email), password: text(form.password) });
  }

  @Post('resend')
  resend(@Req() req: Request, @Res() res: Response) {
    return this.interactions.resend(req, res);
  }

  @Get('verify')
  verify(@Req() req: Request, @Res() res: Response, @Param('uid') uid: string, @Query('token') token: unknown) {
    return this.interactions.verify(req, res, uid, text(token));
  }

  @Post('update-password')
  updatePassword(@Req() req: Request, @Res() res: Response, @Body() form: Form) {
    return this.interactions.updatePassword(req, res, { currentPassword: text(form.currentPassword), newPassword: text(form.newPassword) });
  }

  @Post('abort')
  abort(@Req() req: Request, @Res() res: Response) {
    return this.interactions.abort(req, res);
  }
}
