/**
 * Every column that attaches a stored file to a record. A file none of them names is an orphan
 * (uploaded, then the form was abandoned) and is removed a day after its upload. A test compares
 * this list with the database: a new `*file_id` column that is not listed here fails it, so a
 * new attachment can never be swept away by mistake.
 */
export const FILE_ID_COLUMNS = [
  { table: 'page_config', column: 'image_file_id' },
  { table: 'supplier_qualification', column: 'file_id' },
  { table: 'supplier_contract', column: 'file_id' },
  { table: 'qualification', column: 'file_id' },
  { table: 'brand', column: 'logo_file_id' },
  { table: 'shop', column: 'logo_file_id' },
  { table: 'shop_banner', column: 'image_file_id' },
  // versions waiting for platform review (店铺管理)
  { table: 'shop', column: 'pending_logo_file_id' },
  { table: 'shop_banner', column: 'pending_image_file_id' },
  // supplier invoices (发票管理)
  { table: 'invoice', column: 'file_id' },
  // 报销附件
  { table: 'claim_file', column: 'file_id' },
  // 技术服务的检测报告
  { table: 'tech_request_report', column: 'file_id' },
  // asynchronous exports (导出记录), deleted with their record after 7 days
  { table: 'export_record', column: 'file_id' },
  // 售后 photos and 投诉 attachments
  { table: 'after_sale_picture', column: 'file_id' },
  { table: 'complaint_file', column: 'file_id' },
  // 公告附件 and 操作手册 (every version is kept)
  { table: 'notice_file', column: 'file_id' },
  { table: 'operation_manual_version', column: 'file_id' },
] as const;
