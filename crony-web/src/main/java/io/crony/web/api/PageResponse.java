package io.crony.web.api;

import java.util.List;
import java.util.function.Function;

import com.baomidou.mybatisplus.core.metadata.IPage;

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

	/** A page that MyBatis-Plus read (with {@link Paging#toPage()}), its rows mapped. */
	public static <E, T> PageResponse<T> of(IPage<E> page, Function<? super E, ? extends T> item, Paging paging) {
		return of(page.getRecords().stream().<T>map(item).toList(), page.getTotal(), paging);
	}

}
