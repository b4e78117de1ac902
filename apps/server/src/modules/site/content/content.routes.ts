import { SecretTypeQuery, SecretVO } from '@kc/contracts/identity/sso';
import { envelope, IdBody, IdParams, NoQuery, Ok, pageOf } from '@kc/contracts/platform/common';
import {
  HelpBody,
  HelpNodeVO,
  HelpUpdateBody,
  NoticeBody,
  NoticeQuery,
  NoticeUpdateBody,
  NoticeVO,
  PageConfigBody,
  PageConfigQuery,
  PageConfigUpdateBody,
  PageConfigVO,
  ValidPageConfigQuery,
} from '@kc/contracts/site/content';
import { NoticeBatchQuery, NoticeBatchResult, NoticeReadersQuery, NoticeReaderVO, RoleOptionVO } from '@kc/contracts/site/content-notices-manuals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile, XLSX_TYPE } from '../../../platform/http/send-file.ts';
import { readUploadedFiles } from '../../shared/files/index.ts';
import type { ContentService } from './content.service.ts';
import type { NoticeBatchImport } from './notice-batch.ts';
import type { PolicyTexts } from './policy-texts.ts';

const Created = envelope(z.object({ id: z.number().int() }));

/** Notices (/uac/v1/notice), page configuration (/mall/v1/webPageConfig) and the help centre (/uac/v1/help). */
export function registerContentRoutes(root: FastifyInstance, svc: ContentService, policies: PolicyTexts, batch: NoticeBatchImport) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const notice = ['公告'];
  const page = ['页面配置'];
  const help = ['帮助中心'];
  const managePage = { perm: Perm.PAGE_CONFIG_MANAGE };

  // ── notices ──
  app.get(
    '/uac/v1/notice/page',
    {
      schema: {
        tags: notice,
        summary: '公告列表（采购方看类型 1、2，供应商看 1、3；管理员可看全部状态）',
        querystring: NoticeQuery,
        response: { 200: envelope(pageOf(NoticeVO)) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.noticePage(req.caller, req.caller!.perms.has(Perm.NOTICE_MANAGE), { ...req.query, unread: req.query.unread === 'true' })),
  );
  app.get(
    '/uac/v1/notice/manage/page',
    {
      schema: {
        tags: notice,
        summary: '公告管理列表：平台管理员看全部，研究所管理员只看本所公告；含已读与未读人数',
        querystring: NoticeQuery,
        response: { 200: envelope(pageOf(NoticeVO)) },
      },
      config: { access: { perm: Perm.NOTICE_MANAGE } },
    },
    async (req) => ok(await svc.manageNoticePage(req.caller!, req.query)),
  );
  app.get(
    '/uac/v1/notice/readers',
    {
      schema: {
        tags: notice,
        summary: '公告阅读情况：已读人员（read=true，含阅读时间）或尚未阅读的受众（read=false）',
        querystring: NoticeReadersQuery,
        response: { 200: envelope(pageOf(NoticeReaderVO)) },
      },
      config: { access: { perm: Perm.NOTICE_MANAGE } },
    },
    async (req) => ok(await svc.readers(req.caller!, req.query)),
  );
  app.get(
    '/uac/v1/notice/roleOptions',
    {
      schema: { tags: notice, summary: '公告可面向的角色（平台通用角色与本所角色）', querystring: NoQuery, response: { 200: envelope(z.array(RoleOptionVO)) } },
      config: { access: { perm: Perm.NOTICE_MANAGE } },
    },
    async (req) => ok(await svc.noticeRoleOptions(req.caller!)),
  );
  app.get(
    '/uac/v1/notice/instituteOptions',
    {
      schema: {
        tags: notice,
        summary: '可发布研究所公告的研究所（平台管理员：全部；研究所管理员：本所）',
        querystring: NoQuery,
        response: { 200: envelope(z.array(z.object({ id: z.number().int(), name: z.string() }))) },
      },
      config: { access: { perm: Perm.NOTICE_MANAGE } },
    },
    async (req) => ok(await svc.noticeInstitutes(req.caller!)),
  );
  app.get(
    '/uac/v1/notice/unreadCount',
    {
      schema: {
        tags: notice,
        summary: '当前用户可见且未读的公告数（角标）',
        querystring: NoQuery,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.unreadCount(req.caller!)),
  );
  app.post(
    '/uac/v1/notice/read/:id',
    {
      schema: { tags: notice, summary: '标记公告已读（仅限当前可见的公告）', params: IdParams, response: { 200: Ok } },
      config: { access: 'login' },
    },
    async (req) => {
      await svc.markRead(req.caller!, req.params.id);
      return ok(null);
    },
  );
  app.get(
    '/uac/v1/notice/batchUpload/template',
    { schema: { tags: notice, summary: '下载公告批量导入模板', querystring: NoQuery }, config: { access: { perm: Perm.NOTICE_MANAGE } } },
    async (_req, reply) => {
      const f = await batch.template();
      return sendFile(reply, XLSX_TYPE, 'attachment', f.filename, f.xlsx);
    },
  );
  app.post(
    '/uac/v1/notice/batchUpload',
    {
      schema: {
        tags: notice,
        summary: '批量导入公告：一个 .xlsx 公告表与附件一同上传；preview=true 只校验；任一行有误则不写入任何公告',
        querystring: NoticeBatchQuery,
        response: { 200: envelope(NoticeBatchResult) },
      },
      config: { access: { perm: Perm.NOTICE_MANAGE, flag: 'add' } },
    },
    async (req) => {
      const r = await batch.run({ caller: req.caller!, ip: req.ip }, await readUploadedFiles(req), req.query.preview === 'true');
      const msg = r.errors.length
        ? `公告表有 ${new Set(r.errors.map((e) => e.row)).size} 行错误，未导入任何公告`
        : r.applied
          ? `已导入 ${r.created.length} 条公告`
          : `校验通过，共 ${r.rows.length} 条公告`;
      return ok(r, msg);
    },
  );
  app.get(
    '/uac/v1/notice/noauth/page',
    {
      schema: { tags: notice, summary: '首页公开公告列表', querystring: NoticeQuery, response: { 200: envelope(pageOf(NoticeVO)) } },
      config: { access: 'public' },
    },
    async (req) => ok(await svc.noticePage(null, false, { ...req.query, type: undefined, unread: false })),
  );
  app.get(
    '/uac/v1/notice/getNoticeById/:id',
    {
      schema: { tags: notice, summary: '公告详情', params: IdParams, querystring: NoQuery, response: { 200: envelope(NoticeVO) } },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.noticeById(req.caller, req.caller!.perms.has(Perm.NOTICE_MANAGE), req.params.id)),
  );
  app.get(
    '/uac/v1/notice/noauth/getNoticeById/:id',
    {
      schema: { tags: notice, summary: '公开公告详情', params: IdParams, querystring: NoQuery, response: { 200: envelope(NoticeVO) } },
      config: { access: 'public' },
    },
    async (req) => ok(await svc.noticeById(null, false, req.params.id)),
  );
  app.post(
    '/uac/v1/notice/add',
    {
      schema: { tags: notice, summary: '新增公告（草稿）', body: NoticeBody, response: { 200: Created } },
      config: { access: { perm: Perm.NOTICE_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await svc.addNotice({ caller: req.caller!, ip: req.ip }, req.body), '已保存'),
  );
  app.put(
    '/uac/v1/notice/update',
    {
      schema: { tags: notice, summary: '修改公告', body: NoticeUpdateBody, response: { 200: Ok } },
      config: { access: { perm: Perm.NOTICE_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.updateNotice({ caller: req.caller!, ip: req.ip }, req.body);
      return ok(null, '已保存');
    },
  );
  app.post(
    '/uac/v1/notice/publish/:id',
    {
      schema: { tags: notice, summary: '发布公告', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.NOTICE_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.moveNotice({ caller: req.caller!, ip: req.ip }, req.params.id, 'publish');
      return ok(null, '已发布');
    },
  );
  app.post(
    '/uac/v1/notice/withdraw/:id',
    {
      schema: { tags: notice, summary: '下线公告', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.NOTICE_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.moveNotice({ caller: req.caller!, ip: req.ip }, req.params.id, 'withdraw');
      return ok(null, '已下线');
    },
  );
  app.delete(
    '/uac/v1/notice/delete/:id',
    {
      schema: { tags: notice, summary: '删除公告', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.NOTICE_MANAGE, flag: 'delete' } },
    },
    async (req) => {
      await svc.deleteNotice({ caller: req.caller!, ip: req.ip }, req.params.id);
      return ok(null, '已删除');
    },
  );

  // ── page configuration ──
  app.get(
    '/mall/v1/webPageConfig/page',
    {
      schema: { tags: page, summary: '页面配置列表', querystring: PageConfigQuery, response: { 200: envelope(pageOf(PageConfigVO)) } },
      config: { access: managePage },
    },
    async (req) => ok(await svc.pageConfigPage(req.query)),
  );
  // the SPEC's path and the noauth one the web app calls: one answer
  for (const url of ['/mall/v1/webPageConfig/validWebPageConfig', '/mall/v1/webPageConfig/noauth/validWebPageConfig'])
    app.get(
      url,
      {
        schema: { tags: page, summary: '公开页面使用的已启用配置', querystring: ValidPageConfigQuery, response: { 200: envelope(z.array(PageConfigVO)) } },
        config: { access: 'public' },
      },
      async (req) => ok(await svc.validPageConfigs(req.query.kind)),
    );
  app.get(
    '/mall/v1/secret/noauth/getSecretByType',
    {
      schema: {
        tags: page,
        summary: '隐私政策（type=1）与平台服务协议（type=2）的正文与版本（内容在页面配置中维护）',
        querystring: SecretTypeQuery,
        response: { 200: envelope(SecretVO) },
      },
      config: { access: 'public' },
    },
    async (req) => ok(await policies.current(req.query.type as 1 | 2)),
  );
  app.get(
    '/mall/v1/webPageConfig/noauth/getLoginFileUrl/:id',
    {
      schema: { tags: page, summary: '登录页轮播图片地址', params: IdParams, querystring: NoQuery, response: { 200: envelope(z.object({ url: z.string() })) } },
      config: { access: 'public' },
    },
    async (req) => ok(await svc.loginFileUrl(req.params.id)),
  );
  app.post(
    '/mall/v1/webPageConfig/add',
    {
      schema: { tags: page, summary: '新增页面配置（停用状态）', body: PageConfigBody, response: { 200: Created } },
      config: { access: { perm: Perm.PAGE_CONFIG_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await svc.addPageConfig({ caller: req.caller!, ip: req.ip }, req.body), '已保存'),
  );
  app.put(
    '/mall/v1/webPageConfig/update',
    {
      schema: { tags: page, summary: '修改页面配置', body: PageConfigUpdateBody, response: { 200: Ok } },
      config: { access: { perm: Perm.PAGE_CONFIG_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.updatePageConfig({ caller: req.caller!, ip: req.ip }, req.body);
      return ok(null, '已保存');
    },
  );
  // SPEC.md §7 names these paths: the same switch with the id in the body
  for (const [action, text, done] of [
    ['start', '启用', '已启用'],
    ['stop', '停用', '已停用'],
  ] as const) {
    app.post(
      `/mall/v1/webPageConfig/${action}`,
      {
        schema: { tags: page, summary: `${text}页面配置（id 在请求体中）`, body: IdBody, response: { 200: Ok } },
        config: { access: { perm: Perm.PAGE_CONFIG_MANAGE, flag: 'modify' } },
      },
      async (req) => {
        await svc.movePageConfig({ caller: req.caller!, ip: req.ip }, req.body.id, action);
        return ok(null, done);
      },
    );
  }
  app.post(
    '/mall/v1/webPageConfig/start/:id',
    {
      schema: { tags: page, summary: '启用页面配置', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.PAGE_CONFIG_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.movePageConfig({ caller: req.caller!, ip: req.ip }, req.params.id, 'start');
      return ok(null, '已启用');
    },
  );
  app.post(
    '/mall/v1/webPageConfig/stop/:id',
    {
      schema: { tags: page, summary: '停用页面配置', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.PAGE_CONFIG_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.movePageConfig({ caller: req.caller!, ip: req.ip }, req.params.id, 'stop');
      return ok(null, '已停用');
    },
  );
  app.delete(
    '/mall/v1/webPageConfig/delete/:id',
    {
      schema: { tags: page, summary: '删除页面配置', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.PAGE_CONFIG_MANAGE, flag: 'delete' } },
    },
    async (req) => {
      await svc.deletePageConfig({ caller: req.caller!, ip: req.ip }, req.params.id);
      return ok(null, '已删除');
    },
  );

  // ── help centre ──
  app.get(
    '/uac/v1/help/tree',
    {
      schema: { tags: help, summary: '帮助中心三级菜单与内容', querystring: NoQuery, response: { 200: envelope(z.array(HelpNodeVO)) } },
      config: { access: 'login' },
    },
    async () => ok(await svc.helpTree()),
  );
  app.post(
    '/uac/v1/help/add',
    {
      schema: { tags: help, summary: '新增帮助条目（内容经白名单过滤）', body: HelpBody, response: { 200: Created } },
      config: { access: { perm: Perm.HELP_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await svc.addHelp({ caller: req.caller!, ip: req.ip }, req.body), '已保存'),
  );
  app.put(
    '/uac/v1/help/update',
    {
      schema: { tags: help, summary: '修改帮助条目', body: HelpUpdateBody, response: { 200: Ok } },
      config: { access: { perm: Perm.HELP_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.updateHelp({ caller: req.caller!, ip: req.ip }, req.body);
      return ok(null, '已保存');
    },
  );
  app.delete(
    '/uac/v1/help/delete/:id',
    {
      schema: { tags: help, summary: '删除帮助条目', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.HELP_MANAGE, flag: 'delete' } },
    },
    async (req) => {
      await svc.deleteHelp({ caller: req.caller!, ip: req.ip }, req.params.id);
      return ok(null, '已删除');
    },
  );
}
