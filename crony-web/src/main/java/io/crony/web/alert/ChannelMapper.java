package io.crony.web.alert;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** Alert channels, each in one department. */
@Mapper
interface ChannelMapper extends BaseMapper<ChannelEntity> {

	@Select("SELECT COUNT(*) FROM alert_channel WHERE department_id = #{departmentId} AND name = #{name}"
			+ " AND id <> #{exceptId}")
	long countNamed(@Param("departmentId") long departmentId, @Param("name") String name,
			@Param("exceptId") long exceptId);

}
