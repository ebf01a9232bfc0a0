package io.crony.web.alert;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** Alert channels. */
@Mapper
interface ChannelMapper extends BaseMapper<ChannelEntity> {

	@Select("SELECT COUNT(*) FROM alert_channel WHERE name = #{name} AND id <> #{exceptId}")
	long countNamed(@Param("name") String name, @Param("exceptId") long exceptId);

}
