package io.crony.web.api;

import java.util.List;

/**
 * One page of a list answer.
 *
 * @param items the page's items, newest first
 * @param total how many items match in all
 * @param page the 1-based page number
 * @param size the page size asked for
 * @param <T> item type
 */
public record PageResponse<T>(List<T> items, long total, int page, int size) {

	public static <T> PageResponse<T> of(List<T> items, long total, Paging paging) {
		return new PageResponse<>(List.copyOf(items), total, paging.page(), paging.size());
	}

}
