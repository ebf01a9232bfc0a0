package io.crony.web.api;

import com.baomidou.mybatisplus.extension.plugins.pagination.Page;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * Paging query parameters {@code ?page=&size=} of every list endpoint.
 *
 * @param page 1-based page number, default 1
 * @param size items per page, 1 to 200, default 20
 */
public record Paging(@Parameter(description = "1-based page number") @Min(1) Integer page,
		@Parameter(description = "page size, at most 200") @Min(1) @Max(MAX_SIZE) Integer size) {

	public static final int MAX_SIZE = 200;

	public Paging {
		page = (page != null) ? page : 1;
		size = (size != null) ? size : 20;
	}

	/** The page to hand to a MyBatis-Plus {@code selectPage}. */
	public <E> Page<E> toPage() {
		return Page.of(this.page, this.size);
	}

	public long offset() {
		return (long) (this.page - 1) * this.size;
	}

}
