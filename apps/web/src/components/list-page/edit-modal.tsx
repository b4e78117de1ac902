import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance, type FormProps, Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { feedback } from '../../lib/feedback.ts';
import { useSaving } from '../../lib/use-saving.ts';
import { runEditSave } from './edit-save.ts';

export interface EditModalProps<Values> extends Omit<ModalProps, 'open' | 'onOk' | 'onCancel' | 'confirmLoading' | 'children'> {
  open: boolean;
  /** the page's form: it fills the fields when it opens the dialog and may watch them */
  form: FormInstance<Values>;
  /** the form's name (its field ids and test id) */
  name: string;
  /** saves the validated values; a rejection keeps the dialog open (the api client showed why) */
  onSave: (values: Values) => Promise<unknown>;
  onClose: () => void;
  /** said after a save (default 已保存); null when onSave says it itself */
  success?: string | null;
  /** the queries refreshed after a save */
  invalidate?: readonly QueryKey[];
  formProps?: Omit<FormProps<Values>, 'form' | 'name' | 'children'>;
  children: ReactNode;
}

/**
 * The add/edit dialog of a page: an antd Modal around a vertical Form. 保存 validates the form and
 * calls onSave, busy while it runs; on success it says so, closes and refreshes the given queries;
 * on failure it stays open. The dialog renders while closed (forceRender) so the page can fill the
 * form before opening it; any Modal prop may be given to override.
 */
export function EditModal<Values>({
  open,
  form,
  name,
  onSave,
  onClose,
  success = '已保存',
  invalidate,
  formProps,
  children,
  ...modal
}: EditModalProps<Values>) {
  const client = useQueryClient();
  const { saving, run } = useSaving();
  const save = () =>
    run(() =>
      runEditSave({
        validate: () => form.validateFields(),
        save: onSave,
        success,
        notify: feedback.success,
        close: onClose,
        refresh: () => Promise.all((invalidate ?? []).map((queryKey) => client.invalidateQueries({ queryKey }))),
      }),
    );
  return (
    <Modal okText="保存" cancelText="取消" forceRender {...modal} open={open} confirmLoading={saving} onOk={() => void save()} onCancel={onClose}>
      <Form<Values> layout="vertical" {...formProps} form={form} name={name}>
        {children}
      </Form>
    </Modal>
  );
}
