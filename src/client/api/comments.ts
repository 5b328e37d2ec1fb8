import { enhancedApi, type ListItemCommentsApiResponse } from './comments.gen';

type Comment = ListItemCommentsApiResponse['comments'][number];

/**
 * The comments group. An item's comments are one cached list: a new comment joins it when the server
 * answers; an edit or a delete shows at once and is undone if refused. Other people's comments arrive
 * through the events stream (features/live), which reads the list again.
 */
export const commentsApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    listItemComments: { providesTags: (_result, _error, itemId) => [{ type: 'Comments', id: itemId }] },
    listMentions: { providesTags: ['Mentions'] },
    markMentionsRead: { invalidatesTags: ['Mentions'] },
    addItemComment: {
      async onQueryStarted({ id: itemId }, { dispatch, queryFulfilled }) {
        const { data: added } = await queryFulfilled;
        dispatch(
          enhancedApi.util.updateQueryData('listItemComments', itemId, (draft) => {
            if (!draft.comments.some((comment) => comment.id === added.id)) draft.comments.push(added);
          }),
        );
      },
    },
    editItemComment: {
      async onQueryStarted({ id: itemId, commentId, body }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          enhancedApi.util.updateQueryData('listItemComments', itemId, (draft) => {
            const comment = draft.comments.find((candidate) => candidate.id === commentId);
            if (comment) comment.body = body.body.trim();
          }),
        );
        try {
          const { data: saved } = await queryFulfilled;
          dispatch(
            enhancedApi.util.updateQueryData('listItemComments', itemId, (draft) => {
              draft.comments = draft.comments.map((comment) => (comment.id === saved.id ? saved : comment));
            }),
          );
        } catch {
          patch.undo();
        }
      },
    },
    deleteItemComment: {
      async onQueryStarted({ id: itemId, commentId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          enhancedApi.util.updateQueryData('listItemComments', itemId, (draft) => {
            draft.comments = draft.comments.filter((comment) => comment.id !== commentId);
          }),
        );
        queryFulfilled.catch(() => patch.undo());
      },
    },
  },
});

export const {
  useListItemCommentsQuery,
  useAddItemCommentMutation,
  useEditItemCommentMutation,
  useDeleteItemCommentMutation,
  useListMentionsQuery,
  useMarkMentionsReadMutation,
} = commentsApi;
export type { Comment };
export type { ListMentionsApiResponse } from './comments.gen';
