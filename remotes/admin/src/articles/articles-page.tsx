import { useState } from 'react';
import { Button, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from '@yaoshi/ui/router';
import { showMessage } from '@yaoshi/ui/show-message';
import type { AdminArticleRow } from '@yaoshi/contracts/content-admin';
import { ARTICLE_STATE_LABELS, type ArticleState } from '@yaoshi/contracts/content-admin-rules';
import {
  ACTIONS_COLUMN_KEY,
  COLUMN_WIDTH,
  ConsoleTable,
  FilterBar,
  ellipsisColumn,
  useListState,
  useSearchAgain,
} from '../kit/list-kit';
import {
  useAdminArticlesQuery,
  useArticleDeleteMutation,
  useArticlePinMutation,
  useArticlePublishMutation,
  useArticleUnpublishMutation,
  useContentCategoriesQuery,
} from './articles-api';
import { ArticleEditor } from './article-editor';
import { editorParams, editorTargetOf } from './editor-target';

export const ARTICLE_PAGE_TEXTS = {
  create: '新建文章',
  category: '栏目',
  deleted: '文章已删除',
  published: '文章已发布',
  unpublished: '已取消发布',
  pinned: '已置顶',
  unpinned: '已取消置顶',
  deleteConfirm: '删除后网站上不再显示此文章，且不能恢复。确定删除？',
} as const;

const STATE_COLORS: Record<ArticleState, string> = { draft: 'default', scheduled: 'orange', published: 'green' };

/** The categories a staff member writes in: the header's, not 联系我们 (6), which the site never lists. */
const HIDDEN_CATEGORY_ID = 6;

/** 文章管理 (内容编辑, issue 20): the articles of one category, searched by title and paged; the editor opens in place. */
export function ArticlesPage() {
  const [params, setParams] = useSearchParams();
  const target = editorTargetOf(params);
  const categories = (useContentCategoriesQuery().data ?? []).filter((category) => category.id !== HIDDEN_CATEGORY_ID);
  const [catid, setCatid] = useState<number>(() => (target?.kind === 'new' ? target.catid : 1));

  if (target) {
    return (
      <ArticleEditor
        target={target}
        categories={categories}
        onOpen={(id) => setParams(editorParams({ kind: 'edit', id }), { replace: true })}
        onClose={(closedIn) => {
          if (closedIn !== undefined) setCatid(closedIn);
          setParams({});
        }}
      />
    );
  }
  return (
    <ArticleList
      catid={catid}
      onCategory={setCatid}
      categories={categories}
      onEdit={(id) => setParams(editorParams({ kind: 'edit', id }))}
      onCreate={() => setParams(editorParams({ kind: 'new', catid }))}
    />
  );
}

function ArticleList({
  catid,
  onCategory,
  categories,
  onEdit,
  onCreate,
}: {
  catid: number;
  onCategory: (catid: number) => void;
  categories: readonly { id: number; name: string }[];
  onEdit: (id: number) => void;
  onCreate: () => void;
}) {
  const list = useListState();
  const keyword = typeof list.filters['keyword'] === 'string' ? list.filters['keyword'] : undefined;
  const query = useAdminArticlesQuery(
    { catid, page: list.page, size: list.size, ...(keyword ? { keyword } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  useSearchAgain(list, query);
  const [publish] = useArticlePublishMutation();
  const [unpublish] = useArticleUnpublishMutation();
  const [pin] = useArticlePinMutation();
  const [remove] = useArticleDeleteMutation();

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      showMessage(done);
    } catch {
      // The error catalogue has shown the server's message.
    }
  };

  const columns: ColumnsType<AdminArticleRow> = [
    {
      title: '标题',
      dataIndex: 'title',
      key: 'title',
      ...ellipsisColumn(),
      render: (title: string, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => onEdit(row.id)}>
          {title}
        </Button>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      key: 'state',
      width: 100,
      render: (state: ArticleState) => <Tag color={STATE_COLORS[state]}>{ARTICLE_STATE_LABELS[state]}</Tag>,
    },
    {
      title: '发布时间',
      dataIndex: 'published_time',
      key: 'published_time',
      width: COLUMN_WIDTH.time,
      render: (time: string | null) => time ?? '—',
    },
    {
      title: '置顶',
      dataIndex: 'pinned',
      key: 'pinned',
      width: 70,
      render: (pinned: boolean, row) => (
        <Switch
          size="small"
          checked={pinned}
          aria-label={`置顶：${row.title}`}
          onChange={(next) =>
            void act(
              () => pin({ id: row.id, pinned: next }).unwrap(),
              next ? ARTICLE_PAGE_TEXTS.pinned : ARTICLE_PAGE_TEXTS.unpinned,
            )
          }
        />
      ),
    },
    { title: '浏览', dataIndex: 'hits', key: 'hits', width: 70 },
    { title: '附件', dataIndex: 'attachments', key: 'attachments', width: 60 },
    {
      title: '操作',
      key: ACTIONS_COLUMN_KEY,
      width: 190,
      render: (_value, row) => (
        <Space size={4}>
          <Button size="small" onClick={() => onEdit(row.id)}>
            编辑
          </Button>
          {row.state === 'draft' ? (
            <Button
              size="small"
              type="primary"
              onClick={() => void act(() => publish({ id: row.id }).unwrap(), ARTICLE_PAGE_TEXTS.published)}
            >
              发布
            </Button>
          ) : (
            <Button
              size="small"
              onClick={() => void act(() => unpublish(row.id).unwrap(), ARTICLE_PAGE_TEXTS.unpublished)}
            >
              下线
            </Button>
          )}
          <Popconfirm
            title={ARTICLE_PAGE_TEXTS.deleteConfirm}
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => void act(() => remove(row.id).unwrap(), ARTICLE_PAGE_TEXTS.deleted)}
          >
            <Button size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{ARTICLE_PAGE_TEXTS.category}</span>
        <Select
          aria-label={ARTICLE_PAGE_TEXTS.category}
          value={catid}
          style={{ width: 160 }}
          options={categories.map((category) => ({ value: category.id, label: category.name }))}
          onChange={(next) => {
            onCategory(next);
            list.setFilters({});
          }}
        />
        <Button type="primary" onClick={onCreate}>
          {ARTICLE_PAGE_TEXTS.create}
        </Button>
      </Space>
      <FilterBar
        fields={[{ name: 'keyword', label: '标题', placeholder: '标题关键词', width: 220 }]}
        onSearch={list.setFilters}
      />
      <ConsoleTable<AdminArticleRow>
        label="文章列表"
        rowKey="id"
        columns={columns}
        query={query}
        rows={query.data?.rows ?? []}
        total={query.data?.total ?? 0}
        list={list}
      />
    </>
  );
}
